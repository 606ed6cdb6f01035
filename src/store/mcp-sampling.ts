// A server's sampling request answered by the model the person chose for conversations: the mock router
// by default (no tools offered: it answers in words), a real provider after the person allowed it (the
// server's messages go to that provider, on the person's key).
import { RealClock } from '../core/index.ts';
import { createModelFromSettings, createRouterModel, type ChatMessage, type LanguageModel, type ProviderPresetId } from '../llm/index.ts';
import type { McpSamplingAnswer, McpSamplingRequest } from '../mcp/index.ts';
import type { ProviderSettings } from '../workspace/workspace-schema.ts';

export function samplingModel(provider: ProviderSettings, apiKey: string | undefined): LanguageModel {
  if (provider.kind === 'mock') return createRouterModel({ clock: new RealClock(), seed: 7, latencyMs: 300 });
  return createModelFromSettings({
    presetId: provider.kind as ProviderPresetId,
    model: provider.model,
    baseUrl: provider.baseUrl || undefined,
    apiKey,
    stream: false,
  });
}

export async function answerSampling(model: LanguageModel, request: McpSamplingRequest, signal: AbortSignal): Promise<McpSamplingAnswer> {
  const messages: ChatMessage[] = [
    ...(request.systemPrompt ? [{ role: 'system' as const, content: request.systemPrompt }] : []),
    ...request.messages.map((message) =>
      message.role === 'user'
        ? { role: 'user' as const, content: message.text }
        : { role: 'assistant' as const, content: message.text, toolCalls: [] },
    ),
  ];
  const result = await model.generate({ messages, tools: [], signal });
  return {
    text: result.content,
    model: result.model ?? model.label,
    stopReason: result.finishReason === 'length' ? 'maxTokens' : 'endTurn',
    usage: { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens },
  };
}
