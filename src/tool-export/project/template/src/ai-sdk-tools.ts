// The tools as Vercel AI SDK tools whose execute goes through the executor: the AI SDK runs the loop,
// the executor keeps validation, deadlines, retries and failures as results the model can read.
import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import { formatForModel, type ToolExecutor } from './core/index.ts';

export function aiSdkTools(executor: ToolExecutor): ToolSet {
  return Object.fromEntries(
    executor.getDefinitions().map((definition) => [
      definition.name,
      tool({
        description: definition.description,
        // The executor validates (and tells the model what was wrong), so the AI SDK passes arguments through.
        inputSchema: jsonSchema(definition.parameters as JSONSchema7),
        execute: async (input, { toolCallId, abortSignal }) =>
          formatForModel(await executor.execute({ id: toolCallId, name: definition.name, arguments: input }, { signal: abortSignal })),
      }),
    ]),
  );
}
