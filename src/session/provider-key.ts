import { presetById, providerEndpoint, type ApiKeyStore, type ProviderPresetId } from '../llm/index.ts';
import type { ProviderSettings } from '../workspace/workspace-schema.ts';

// Which key a run may send to the provider. A key goes only to the address it was entered (or confirmed)
// for: an imported file or a share link that changes the base URL must not receive it unasked (issue 28).

export type ProviderKey = { ok: true; apiKey?: string } | { ok: false; message: string };

export function providerKey(apiKeys: ApiKeyStore, provider: ProviderSettings): ProviderKey {
  if (provider.kind === 'mock') return { ok: true };
  const presetId = provider.kind as ProviderPresetId;
  const endpoint = providerEndpoint(presetId, provider.baseUrl);
  const apiKey = apiKeys.get(provider.kind, endpoint);
  if (apiKey !== undefined) return { ok: true, apiKey };
  const enteredFor = apiKeys.endpointOf(provider.kind);
  if (enteredFor === undefined) return { ok: true };
  const where = enteredFor === '' ? 'another address' : enteredFor;
  return {
    ok: false,
    message: `Your ${presetById(presetId).label} API key was entered for ${where}, and the base URL is now ${endpoint || 'empty'}. It was not sent. To send it there, press "Use my key here" in the model settings; or enter a key for this address.`,
  };
}
