// The providers the settings offer, with their base URLs and a starting model list (users may type any
// model name; the lists are suggestions). One factory turns saved settings into a LanguageModel.
import { createAnthropicModel } from './anthropic/anthropic-model.ts';
import type { FetchFunction } from './http.ts';
import { createOpenAIModel } from './openai/openai-model.ts';
import { ProviderError } from './provider-error.ts';
import type { LanguageModel } from './model-types.ts';

/** What the settings know about a provider: its wire protocol, where it is, and how to reach it from a page. */
interface PresetDetails {
  label: string;
  /** Which wire protocol it speaks. */
  api: 'openai' | 'anthropic';
  baseUrl: string;
  models: string[];
  needsKey: boolean;
  /** What to set up for a browser page to reach it. */
  note: string;
}

/**
 * The providers the settings offer, in the order the menu lists them. Adding a provider is adding an entry
 * here: its id joins the saved workspace's provider kinds (workspace-schema.ts derives them from this).
 */
const presets = {
  openai: {
    label: 'OpenAI',
    api: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    models: ['gpt-4o-mini', 'gpt-4.1-mini', 'gpt-4.1', 'gpt-4o'],
    needsKey: true,
    note: 'Uses your OpenAI API key.',
  },
  anthropic: {
    label: 'Anthropic',
    api: 'anthropic',
    baseUrl: 'https://api.anthropic.com/v1',
    models: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
    needsKey: true,
    note: 'Called directly from the browser with the anthropic-dangerous-direct-browser-access header.',
  },
  ollama: {
    label: 'Ollama',
    api: 'openai',
    baseUrl: 'http://localhost:11434/v1',
    models: ['llama3.1', 'qwen2.5', 'mistral-nemo'],
    needsKey: false,
    note: "Start Ollama with OLLAMA_ORIGINS=* (or this page's origin) so the browser may call it.",
  },
  'lm-studio': {
    label: 'LM Studio',
    api: 'openai',
    baseUrl: 'http://localhost:1234/v1',
    models: ['local-model'],
    needsKey: false,
    note: 'Start the local server and turn on "Enable CORS" in its settings.',
  },
  vllm: {
    label: 'vLLM',
    api: 'openai',
    baseUrl: 'http://localhost:8000/v1',
    models: [],
    needsKey: false,
    note: "Serve with --allowed-origins for this page's origin, and --enable-auto-tool-choice with a tool-call parser.",
  },
  openrouter: {
    label: 'OpenRouter',
    api: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    models: ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4.5', 'meta-llama/llama-3.1-70b-instruct'],
    needsKey: true,
    note: 'Uses your OpenRouter key; browser calls are allowed.',
  },
  'openai-compatible': {
    label: 'OpenAI-compatible',
    api: 'openai',
    baseUrl: '',
    models: [],
    needsKey: false,
    note: 'Any server that speaks Chat Completions; it must allow cross-origin requests.',
  },
} satisfies Record<string, PresetDetails>;

export type ProviderPresetId = keyof typeof presets;

/** The keys of `presets`, in their order (Object.keys cannot say its keys' type; these are exactly them). */
export const providerPresetIds = Object.keys(presets) as [ProviderPresetId, ...ProviderPresetId[]];

export interface ProviderPreset extends PresetDetails {
  id: ProviderPresetId;
}

export const providerPresets: readonly ProviderPreset[] = providerPresetIds.map((id) => ({ id, ...presets[id] }));

export function presetById(id: ProviderPresetId): ProviderPreset {
  const preset = providerPresets.find((entry) => entry.id === id);
  if (!preset) throw new Error(`Unknown provider preset "${id}"`);
  return preset;
}

/** Where a provider's requests go (and its key with them): the base URL set, or the preset's own. */
export function providerEndpoint(presetId: ProviderPresetId, baseUrl: string | undefined): string {
  return baseUrl?.trim() || presetById(presetId).baseUrl;
}

export interface ModelSettings {
  presetId: ProviderPresetId;
  model: string;
  /** Overrides the preset's base URL. */
  baseUrl?: string;
  apiKey?: string;
  maxOutputTokens?: number;
  stream?: boolean;
}

/** Throws a ProviderError (kind `auth` / `bad_request`) for settings that cannot work, before any request. */
export function createModelFromSettings(settings: ModelSettings, options: { fetch?: FetchFunction } = {}): LanguageModel {
  const preset = presetById(settings.presetId);
  const baseUrl = providerEndpoint(settings.presetId, settings.baseUrl);
  const apiKey = settings.apiKey?.trim() || undefined;
  if (preset.needsKey && !apiKey) {
    throw new ProviderError({
      kind: 'auth',
      provider: preset.label,
      message: `${preset.label} needs an API key: add one in the model settings.`,
    });
  }
  if (baseUrl === '')
    throw new ProviderError({
      kind: 'bad_request',
      provider: preset.label,
      message: 'Set the base URL of the OpenAI-compatible server (for example http://localhost:8080/v1).',
    });
  if (settings.model.trim() === '')
    throw new ProviderError({ kind: 'bad_request', provider: preset.label, message: `Choose a model for ${preset.label}.` });
  if (preset.api === 'anthropic') {
    return createAnthropicModel({
      model: settings.model,
      apiKey: apiKey ?? '',
      baseUrl,
      maxOutputTokens: settings.maxOutputTokens,
      stream: settings.stream,
      fetch: options.fetch,
    });
  }
  const providerName = preset.id === 'openai-compatible' ? undefined : preset.label;
  return createOpenAIModel({
    model: settings.model,
    apiKey,
    baseUrl,
    providerName,
    maxOutputTokens: settings.maxOutputTokens,
    stream: settings.stream,
    fetch: options.fetch,
  });
}
