// An MCP server's tool as a core Tool, so the executor runs it as it runs any other: arguments validated
// against the server's inputSchema first, the attempt's signal cancelling the request (the SDK then sends
// notifications/cancelled), progress and traffic reported through the context, retries decided by the
// executor from the tool's hints, an isError result a tool error the model reads, and health a ping.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PermanentError, messageOf, type JsonSchemaObject, type Tool, type ToolContext } from '../../core/index.ts';
import { isRetrySafe, type McpToolDefinition } from '../mcp-types.ts';
import { classifyCallError } from './call-errors.ts';
import { imagesOf, modelSafeBlock, type McpContentBlock } from '../model-safe-content.ts';
import { compileInputSchema } from './input-validation.ts';
import type { McpConnection } from './mcp-connection.ts';
import type { CallRecorder } from './traffic-transport.ts';

/**
 * A successful call's value: the content blocks as the server sent them (the UI shows images and
 * resources from them), and the structured result when given. Its JSON — what the model reads — has the
 * media described in words instead of base64 (model-safe-content.ts); `modelImages` are the images for a
 * provider that takes them beside a tool result.
 */
export class McpToolValue {
  constructor(
    readonly content: CallToolResult['content'],
    readonly structuredContent?: CallToolResult['structuredContent'],
  ) {}

  toJSON(): object {
    const content = (this.content as McpContentBlock[]).map(modelSafeBlock);
    return this.structuredContent === undefined ? { content } : { content, structuredContent: this.structuredContent };
  }

  get modelImages(): { mimeType: string; data: string }[] {
    return imagesOf(this.content as McpContentBlock[]);
  }
}

function textOf(result: CallToolResult): string {
  const texts = (result.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
  return texts.join('\n').trim();
}

export interface McpToolSource {
  connection: McpConnection;
  /** The server's name as shown (in messages: "The MCP server sample answered HTTP 503"). */
  serverLabel: string;
  definition: McpToolDefinition;
  /** Time for Retry-After dates: the executor's clock. */
  now?: () => number;
}

/** Throws when the tool cannot be offered (its `problem`: an invalid inputSchema, a refused name). */
export function toCoreTool({ connection, serverLabel, definition, now = Date.now }: McpToolSource): Tool {
  if (definition.problem) throw new Error(definition.problem);
  const compiled = compileInputSchema(definition.inputSchema);
  if (!compiled.ok) throw new Error(compiled.message);
  return {
    name: definition.name,
    description: definition.description || definition.title || definition.name,
    parameters: definition.inputSchema as JsonSchemaObject,
    idempotent: isRetrySafe(definition.annotations),
    validate: (args) => compiled.validate(args),
    async execute(input: unknown, ctx: ToolContext): Promise<McpToolValue> {
      // A note (waiting for the person, a model answering) keeps the progress the server last reported.
      let progressSoFar: { progress: number; total?: number } = { progress: 0 };
      const recorder: CallRecorder = {
        record: (direction, message) => ctx.traffic?.(direction, message),
        note: (message) => ctx.progress?.({ ...progressSoFar, message }),
        // The form a server asked for pauses the deadline; a model answering the server is drawn inside the call.
        wait: (on, detail) => ctx.wait?.(on, detail) ?? (() => {}),
      };
      let result: CallToolResult;
      try {
        result = await connection.callTool(definition.name, input as Record<string, unknown>, {
          signal: ctx.signal,
          recorder,
          onprogress: ({ progress, total, message }) => {
            progressSoFar = { progress, ...(total === undefined ? {} : { total }) };
            ctx.progress?.({ progress, ...(total === undefined ? {} : { total }), ...(message ? { message } : {}) });
          },
        });
      } catch (error) {
        // The executor's own deadline or stop: it already knows why; the error is only the echo of it.
        if (ctx.signal.aborted) throw error;
        throw classifyCallError(error, { server: serverLabel, facts: connection.responseFacts(recorder.requestId), now });
      }
      // The tool ran and failed: the model reads the server's words; never retried (it did run).
      if (result.isError) throw new PermanentError(textOf(result) || `${definition.name} reported an error without a message.`);
      return new McpToolValue(result.content, result.structuredContent);
    },
    async healthCheck() {
      try {
        await connection.ping();
        return { healthy: true, detail: `${serverLabel} answered ping` };
      } catch (error) {
        return { healthy: false, detail: `${serverLabel} did not answer ping: ${messageOf(error)}` };
      }
    },
  };
}
