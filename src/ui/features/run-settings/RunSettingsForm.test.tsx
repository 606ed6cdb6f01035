// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createDefaultWorkspace } from '../../../workspace/default-workspace.ts';
import { settingOverrides } from '../../../workspace/setting-overrides.ts';
import { RunSettingsForm } from './RunSettingsForm.tsx';

afterEach(cleanup);

describe('RunSettingsForm', () => {
  it('calls the timeout a default and says how many tools override it (issue 13)', () => {
    const workspace = createDefaultWorkspace();
    const overrides = settingOverrides(workspace.tools);
    render(<RunSettingsForm settings={workspace.settings} overrides={overrides} onChange={vi.fn()} />);
    const field = screen.getByRole('spinbutton', { name: 'Default timeout (ms)' }).closest('label');
    const count = overrides.timeoutMs.length;
    expect(count).toBeGreaterThan(0);
    expect(field?.textContent).toContain(`overridden by ${count} tools`);
    expect(field?.querySelector('.field-hint')?.getAttribute('title')).toContain('slow_report');
  });

  it('sets the timeout strategy; the kill grace is offered only where something is killed', () => {
    const onChange = vi.fn();
    const { settings } = createDefaultWorkspace();
    const { rerender } = render(<RunSettingsForm settings={settings} onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'Timeout strategy' })).toHaveProperty('value', 'abort-then-kill');
    expect(screen.getByRole('spinbutton', { name: 'Kill grace (ms)' })).toHaveProperty('value', '2000');
    fireEvent.change(screen.getByRole('combobox', { name: 'Timeout strategy' }), { target: { value: 'race' } });
    expect(onChange).toHaveBeenLastCalledWith({ timeoutStrategy: 'race' });
    rerender(<RunSettingsForm settings={{ ...settings, timeoutStrategy: 'race' }} onChange={onChange} />);
    expect(screen.queryByRole('spinbutton', { name: 'Kill grace (ms)' })).toBeNull();
  });
});
