// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getWeather } from '../../../samples/tools/get-weather.ts';
import { toolSourceFromSample } from '../../../workspace/default-workspace.ts';
import { ToolSettingsForm } from './ToolSettingsForm.tsx';

afterEach(cleanup);

describe('ToolSettingsForm', () => {
  it('overrides the retry policy per tool, keeping the fields already set', () => {
    const onChange = vi.fn();
    const tool = { ...toolSourceFromSample(getWeather), retry: { maxAttempts: 5 } };
    render(<ToolSettingsForm tool={tool} onChange={onChange} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Tool base delay (ms)' }), { target: { value: '250' } });
    expect(onChange).toHaveBeenLastCalledWith({ retry: { maxAttempts: 5, baseDelayMs: 250 } });
  });

  it('refuses a delay outside its range instead of clamping it', () => {
    const onChange = vi.fn();
    render(<ToolSettingsForm tool={toolSourceFromSample(getWeather)} onChange={onChange} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Tool max delay (ms)' }), { target: { value: '-5' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 0 to 600,000');
  });

  it('refuses a fractional timeout beside the field, so the save never sees it (issue 12)', () => {
    const onChange = vi.fn();
    render(<ToolSettingsForm tool={toolSourceFromSample(getWeather)} onChange={onChange} />);
    const field = screen.getByRole('spinbutton', { name: 'Tool timeout (ms)' });
    fireEvent.change(field, { target: { value: '2500.5' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 1 to 600,000');
    fireEvent.change(field, { target: { value: '2500' } });
    expect(onChange).toHaveBeenLastCalledWith({ timeoutMs: 2500 });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
