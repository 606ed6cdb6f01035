// The agent loop, run by the Vercel AI SDK (generateText with tools) over the executor's tools.
// Offline by default: a mock model calls the tools with their Toolscope test arguments, then answers.
// A real model through the AI Gateway: AI_GATEWAY_API_KEY, and optionally AI_MODEL (default openai/gpt-4o-mini).
// Usage: npm start -- "what's the weather in Paris?"
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { aiSdkTools } from './ai-sdk-tools.ts';
import { createExecutor } from './executor.ts';
import { mockModel } from './mock-model.ts';
import { settings } from './settings.ts';

const model: LanguageModel = process.env.AI_GATEWAY_API_KEY ? (process.env.AI_MODEL ?? 'openai/gpt-4o-mini') : mockModel();
const prompt = process.argv.slice(2).join(' ') || 'Try the tools with their test arguments.';
const result = await generateText({ model, prompt, tools: aiSdkTools(createExecutor()), stopWhen: stepCountIs(settings.maxIterations) });
for (const step of result.steps)
  for (const toolResult of step.toolResults) console.log(`  ${toolResult.toolName}: ${String(toolResult.output).slice(0, 200)}`);
console.log(result.text);
