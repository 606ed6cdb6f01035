import { presetById, providerPresets, sameEndpoint } from '../../../llm/index.ts';
import type { ProviderKind, ProviderSettings } from '../../../workspace/workspace-schema.ts';

interface ProviderControlsProps {
  provider: ProviderSettings;
  apiKey: string;
  rememberKey: boolean;
  /** The address the key was entered for; when it is not where requests go now, the key is held back until confirmed. */
  keyEnteredFor?: string;
  /** Where requests go now (the base URL, or the preset's). */
  endpoint: string;
  onUseKeyHere(): void;
  onProviderChange(patch: Partial<ProviderSettings>): void;
  onApiKeyChange(key: string): void;
  onRememberKeyChange(remember: boolean): void;
}

export function ProviderControls({
  provider,
  apiKey,
  rememberKey,
  keyEnteredFor,
  endpoint,
  onUseKeyHere,
  onProviderChange,
  onApiKeyChange,
  onRememberKeyChange,
}: ProviderControlsProps) {
  const preset = provider.kind === 'mock' ? null : presetById(provider.kind);
  const heldBack = apiKey !== '' && keyEnteredFor !== undefined && !sameEndpoint(keyEnteredFor, endpoint);
  return (
    <div className="provider-controls">
      <select
        aria-label="Model provider"
        value={provider.kind}
        onChange={(event) => {
          const kind = event.target.value as ProviderKind;
          const next = kind === 'mock' ? null : presetById(kind);
          onProviderChange({ kind, model: next?.models[0] ?? (kind === 'mock' ? 'mock-1' : ''), baseUrl: '' });
        }}
      >
        <option value="mock">Mock (no key, offline)</option>
        {providerPresets.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.label}
          </option>
        ))}
      </select>
      {preset && (
        <>
          {/* Suggestions are a hint, not a <datalist>: its popup hangs headless Chromium's rendering. */}
          <input
            aria-label="Model"
            value={provider.model}
            placeholder={preset.models.length > 0 ? `e.g. ${preset.models.slice(0, 2).join(', ')}` : 'model name'}
            onChange={(event) => onProviderChange({ model: event.target.value })}
          />
          <input
            aria-label="Base URL"
            value={provider.baseUrl}
            placeholder={preset.baseUrl || 'http://localhost:8080/v1'}
            onChange={(event) => onProviderChange({ baseUrl: event.target.value })}
          />
          <input
            aria-label="API key"
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={preset.needsKey ? 'API key (kept in memory)' : 'API key (optional)'}
            onChange={(event) => onApiKeyChange(event.target.value)}
          />
          {heldBack && (
            <p className="notice notice-warning" role="alert">
              Your key was entered for {keyEnteredFor || 'another address'}; requests now go to {endpoint || 'no address'}. It is not sent
              there until you say so.{' '}
              <button type="button" onClick={onUseKeyHere}>
                Use my key here
              </button>
            </p>
          )}
          <label
            className="checkbox"
            title="On: the answer appears as it is written. Off: one whole answer (some servers and proxies only do this). Either form is read."
          >
            <input type="checkbox" checked={provider.stream} onChange={(event) => onProviderChange({ stream: event.target.checked })} />
            Stream responses
          </label>
          <label
            className="checkbox"
            title="Off by default: the key stays in memory and is gone on reload. On: it is written to this browser's localStorage as plain text, readable by anyone with this browser profile."
          >
            <input type="checkbox" checked={rememberKey} onChange={(event) => onRememberKeyChange(event.target.checked)} />
            Remember on this device (plain text in this browser's storage)
          </label>
          <p className="hint">{preset.note}</p>
        </>
      )}
    </div>
  );
}
