// The AI SDK runs the loop with the offline mock model: its tool calls go through the executor.
import { generateText, stepCountIs } from 'ai';
import { expect, it } from 'vitest';
import { aiSdkTools } from '../src/ai-sdk-tools.ts';
import { createExecutor } from '../src/executor.ts';
import { mockModel } from '../src/mock-model.ts';
import { toolEntries } from '../src/tools/index.ts';

it('generateText calls the tools through the executor and answers', async () => {
  const expected = toolEntries.filter((entry) => entry.testCall?.expected.status === 'success').slice(0, 3);
  const result = await generateText({
    model: mockModel(),
    prompt: 'Try the tools.',
    tools: aiSdkTools(createExecutor()),
    stopWhen: stepCountIs(3),
  });
  expect(result.steps[0]?.toolResults.map((toolResult) => toolResult.toolName)).toEqual(expected.map((entry) => entry.tool.name));
  expect(result.text).toBe(`Done: ${expected.length} tool calls answered.`);
});
