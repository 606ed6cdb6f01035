// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ProviderSettings } from '../../../workspace/workspace-schema.ts';
import { ProviderControls } from './ProviderControls.tsx';

afterEach(cleanup);

function renderControls(provider: ProviderSettings, key: { apiKey?: string; keyEnteredFor?: string; onUseKeyHere?: () => void } = {}) {
  const onProviderChange = vi.fn();
  render(
    <ProviderControls
      provider={provider}
      apiKey={key.apiKey ?? ''}
      rememberKey={false}
      keyEnteredFor={key.keyEnteredFor}
      endpoint={provider.baseUrl || 'https://api.openai.com/v1'}
      onUseKeyHere={key.onUseKeyHere ?? (() => {})}
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

  it('says plainly that a remembered key is kept as plain text', () => {
    renderControls({ kind: 'openai', model: 'gpt-4o-mini', baseUrl: '', stream: true });
    const remember = screen.getByRole('checkbox', { name: /Remember on this device/ }) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    expect(remember.closest('label')?.textContent).toContain('plain text');
  });

  it('holds back a key entered for another base URL until the person says to use it here (issue 28)', () => {
    const onUseKeyHere = vi.fn();
    const provider = { kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://evil.example/v1', stream: true } as const;
    renderControls(provider, { apiKey: 'sk-1', keyEnteredFor: 'https://api.openai.com/v1', onUseKeyHere });
    expect(screen.getByRole('alert').textContent).toContain('requests now go to https://evil.example/v1');
    fireEvent.click(screen.getByRole('button', { name: 'Use my key here' }));
    expect(onUseKeyHere).toHaveBeenCalledOnce();
  });

  it('shows no warning when the key was entered for where requests go', () => {
    renderControls(
      { kind: 'openai', model: 'gpt-4o-mini', baseUrl: '', stream: true },
      { apiKey: 'sk-1', keyEnteredFor: 'https://api.openai.com/v1/' },
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
