// The agent loop: model → tool calls → executor → tool messages → model, until it answers without tools.
// Offline by default (a mock model that picks tools from your words); a real provider when its key is set:
//   OPENAI_API_KEY (and optionally OPENAI_BASE_URL for any OpenAI-compatible server, MODEL)
//   ANTHROPIC_API_KEY (and optionally MODEL)
// Usage: npm start -- "what's the weather in Paris?"
import { runAgent } from './agent/index.ts';
import { formatForModel } from './core/index.ts';
import { createAnthropicModel, createOpenAIModel, createRouterModel, type LanguageModel } from './llm/index.ts';
import { createExecutor } from './executor.ts';
import { settings } from './settings.ts';
import { toolEntries } from './tools/index.ts';

function modelFromEnvironment(): LanguageModel {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY, MODEL } = process.env;
  if (OPENAI_API_KEY || OPENAI_BASE_URL)
    return createOpenAIModel({ apiKey: OPENAI_API_KEY, baseUrl: OPENAI_BASE_URL, model: MODEL ?? 'gpt-4o-mini' });
  if (ANTHROPIC_API_KEY) return createAnthropicModel({ apiKey: ANTHROPIC_API_KEY, model: MODEL ?? 'claude-sonnet-4-5' });
  return createRouterModel({ seed: 1 });
}

const firstTool = toolEntries[0]?.tool;
const prompt = process.argv.slice(2).join(' ') || `Please use ${firstTool?.name.replace(/[_-]+/g, ' ') ?? 'a tool'}.`;
const model = modelFromEnvironment();
const executor = createExecutor();
executor.on((event) => {
  if (event.type === 'tool-call-end') console.log(`  ${event.name}: ${formatForModel(event.result).slice(0, 200)}`);
});

console.log(`> ${prompt}  (model: ${model.id})`);
const result = await runAgent({
  model,
  executor,
  messages: [{ role: 'user', content: prompt }],
  maxIterations: settings.maxIterations,
  timeoutMs: settings.timeoutMs,
});
console.log(result.reply ?? `(stopped: ${result.stopReason}${result.error ? `, ${result.error.message}` : ''})`);
