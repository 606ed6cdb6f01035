import type { ProviderKind, ProviderSettings } from '../../store/workspace/workspace-schema.ts';

interface ProviderControlsProps {
  provider: ProviderSettings;
  apiKey: string;
  rememberKey: boolean;
  onProviderChange(patch: Partial<ProviderSettings>): void;
  onApiKeyChange(key: string): void;
  onRememberKeyChange(remember: boolean): void;
}

const PROVIDERS: { kind: ProviderKind; label: string; defaultModel: string }[] = [
  { kind: 'mock', label: 'Mock (no key)', defaultModel: 'mock-1' },
  { kind: 'openai', label: 'OpenAI', defaultModel: 'gpt-4o-mini' },
  { kind: 'anthropic', label: 'Anthropic', defaultModel: 'claude-3-5-haiku-latest' },
  { kind: 'openai-compatible', label: 'OpenAI-compatible', defaultModel: 'llama3.1' },
];

export function ProviderControls({ provider, apiKey, rememberKey, onProviderChange, onApiKeyChange, onRememberKeyChange }: ProviderControlsProps) {
  const needsKey = provider.kind === 'openai' || provider.kind === 'anthropic';
  return (
    <div className="provider-controls">
      <select
        aria-label="Model provider"
        value={provider.kind}
        onChange={(event) => {
          const kind = event.target.value as ProviderKind;
          onProviderChange({ kind, model: PROVIDERS.find((entry) => entry.kind === kind)?.defaultModel ?? '' });
        }}
      >
        {PROVIDERS.map((entry) => (
          <option key={entry.kind} value={entry.kind}>{entry.label}</option>
        ))}
      </select>
      {provider.kind !== 'mock' && (
        <>
          <input aria-label="Model" value={provider.model} placeholder="model" onChange={(event) => onProviderChange({ model: event.target.value })} />
          {provider.kind === 'openai-compatible' && (
            <input aria-label="Base URL" value={provider.baseUrl} placeholder="http://localhost:11434/v1" onChange={(event) => onProviderChange({ baseUrl: event.target.value })} />
          )}
          <input
            aria-label="API key"
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={needsKey ? 'API key (kept in memory)' : 'API key (optional)'}
            onChange={(event) => onApiKeyChange(event.target.value)}
          />
          <label className="checkbox" title="Off by default: the key stays in memory and is gone on reload.">
            <input type="checkbox" checked={rememberKey} onChange={(event) => onRememberKeyChange(event.target.checked)} />
            Remember on this device
          </label>
        </>
      )}
    </div>
  );
}
