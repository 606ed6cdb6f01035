// Public surface of the model layer. Other layers import from here, never from inner files.
export type {
  AssistantMessage,
  ChatMessage,
  FinishReason,
  GenerateRequest,
  GenerateResult,
  LanguageModel,
  ModelToolCall,
  StreamDelta,
  SystemMessage,
  ToolMessage,
  Usage,
  UserMessage,
} from './model-types.ts';
export { addUsage, emptyUsage } from './model-types.ts';

export {
  ProviderError,
  isProviderError,
  redactSecrets,
  describeEndpoint,
  type ProviderErrorKind,
  type ProviderErrorOptions,
} from './provider-error.ts';
export { isTruncatedJson } from './truncated-json.ts';
export {
  parseJsonWithPositions,
  positionAt,
  type JsonPath,
  type PositionedJson,
  type TextPosition,
  type TextRange,
} from './json-positions.ts';
export { readServerSentEvents, type ServerSentEvent } from './sse.ts';
export type { FetchFunction } from './http.ts';

export { createOpenAIModel, openAIDefaultBaseUrl, localServerHint, type OpenAIModelOptions } from './openai/openai-model.ts';
export { toOpenAIMessages, toOpenAITools, type OpenAIMessageWire, type OpenAIToolWire } from './openai/openai-messages.ts';
export {
  toAnthropicMessages,
  toAnthropicTools,
  type AnthropicMessageWire,
  type AnthropicToolWire,
} from './anthropic/anthropic-messages.ts';
export {
  createAnthropicModel,
  anthropicDefaultBaseUrl,
  anthropicVersion,
  type AnthropicModelOptions,
} from './anthropic/anthropic-model.ts';
export {
  providerPresets,
  providerPresetIds,
  presetById,
  createModelFromSettings,
  providerEndpoint,
  type ProviderPreset,
  type ProviderPresetId,
  type ModelSettings,
} from './provider-presets.ts';
export { createApiKeyStore, sameEndpoint, type ApiKeyStore, type ApiKeyStoreOptions, type KeyValueStorage } from './api-key-store.ts';

export {
  scenarioSchema,
  scenarioJsonSchema,
  parseScenario,
  type Scenario,
  type ScenarioInput,
  type ScenarioPreparation,
  type ScriptedTurn,
  type ScriptedToolCall,
  type ScenarioProblem,
  type ParsedScenario,
} from './mock/scenario.ts';
export { createScriptedModel, type ScriptedModel, type ScriptedModelOptions } from './mock/scripted-model.ts';
export { createRouterModel, type RouterModelOptions } from './mock/router-model.ts';
export { summarizeToolResults, latestToolResults } from './mock/summarize-results.ts';
export { seededRandom } from './mock/random.ts';
export { fitsSchema, resolveSchema, sampleObject, sampleValue, typeOf } from './mock/schema-sample.ts';
