// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ProviderSettings } from '../../../workspace/workspace-schema.ts';
import { ProviderControls } from './ProviderControls.tsx';

afterEach(cleanup);

function renderControls(provider: ProviderSettings) {
  const onProviderChange = vi.fn();
  render(
    <ProviderControls
      provider={provider}
      apiKey=""
      rememberKey={false}
      onProviderChange={onProviderChange}
      onApiKeyChange={() => {}}
      onRememberKeyChange={() => {}}
    />,
  );
  return onProviderChange;
}

describe('ProviderControls', () => {
  it('shows the streaming switch of a real provider and reports a change (issue 12)', () => {
    const onProviderChange = renderControls({ kind: 'ollama', model: 'llama3.1', baseUrl: '', stream: true });
    const toggle = screen.getByRole('checkbox', { name: 'Stream responses' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(onProviderChange).toHaveBeenCalledWith({ stream: false });
  });

  it('has no streaming switch for the mock model', () => {
    renderControls({ kind: 'mock', model: 'mock-1', baseUrl: '', stream: true });
    expect(screen.queryByRole('checkbox', { name: 'Stream responses' })).toBeNull();
  });
});
