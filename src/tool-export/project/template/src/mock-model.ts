// An offline model for the AI SDK: its first turn calls the tools expected to succeed, with their
// Toolscope test arguments, all at once; its second turn answers from the results.
import { MockLanguageModelV4 } from 'ai/test';
import { toolEntries } from './tools/index.ts';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };

export function mockModel(): MockLanguageModelV4 {
  const calls = toolEntries.filter((entry) => entry.testCall?.expected.status === 'success').slice(0, 3);
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const answered = options.prompt.some((message) => message.role === 'tool');
      if (answered || calls.length === 0)
        return {
          content: [{ type: 'text', text: `Done: ${calls.length} tool calls answered.` }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      return {
        content: calls.map((entry, index) => ({
          type: 'tool-call' as const,
          toolCallId: `call_${index + 1}`,
          toolName: entry.tool.name,
          input: JSON.stringify(entry.testCall?.arguments ?? {}),
        })),
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}
