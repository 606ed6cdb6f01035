// tools/list with a lenient answer schema: the SDK's own schema rejects the whole list when one tool is
// malformed, which would take every good tool of the server away with it. Each tool is checked here on
// its own, and a bad one is listed with its problem instead.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import { toolNamePattern } from '../../core/index.ts';
import type { McpToolDefinition, McpToolListChange } from '../mcp-types.ts';
import { compileInputSchema } from './input-validation.ts';

const listAnswer = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
const toolShape = z.looseObject({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.unknown(),
  outputSchema: z.unknown().optional(),
  execution: z.looseObject({ taskSupport: z.enum(['required', 'optional', 'forbidden']).optional() }).optional(),
  annotations: z
    .looseObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
});

/** How long the listing checks tools before the page gets a frame: well under a frame gap anyone notices. */
const checkSliceMs = 40;

/** A server that pages forever must not hang the connect. */
const maxPages = 50;

export function toolDefinitionOf(raw: unknown, index: number): McpToolDefinition {
  const parsed = toolShape.safeParse(raw);
  if (!parsed.success) {
    const name = typeof (raw as { name?: unknown })?.name === 'string' ? (raw as { name: string }).name : `tool #${index + 1}`;
    return {
      name,
      description: '',
      inputSchema: null,
      annotations: {},
      problem: `The server listed it malformed: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`,
    };
  }
  const tool = parsed.data;
  const { annotations: rawAnnotations = {} } = tool;
  const annotations = Object.fromEntries(
    (['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
      .filter((key) => rawAnnotations[key] !== undefined)
      .map((key) => [key, rawAnnotations[key]]),
  );
  const compiled = compileInputSchema(tool.inputSchema);
  const problem = !toolNamePattern.test(tool.name)
    ? 'Its name is not one model providers accept (letters, digits, _ and -, at most 64).'
    : compiled.ok
      ? undefined
      : compiled.message;
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(tool.execution?.taskSupport ? { execution: { taskSupport: tool.execution.taskSupport } } : {}),
    annotations,
    ...(problem ? { problem } : {}),
  };
}

/** Every page of tools/list, each tool checked; `options` (signal, timeout) go with each page's request. */
export async function listTools(client: Client, options: Pick<RequestOptions, 'signal' | 'timeout'> = {}): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, listAnswer, options);
    let sliceStart = performance.now();
    for (const raw of answer.tools) {
      tools.push(toolDefinitionOf(raw, tools.length));
      // Each check is cheap, but a server may list thousands: the page gets a frame after every 40 ms of
      // checking (issue 28), however long one tool's check takes.
      if (performance.now() - sliceStart > checkSliceMs) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        sliceStart = performance.now();
      }
    }
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

const comparable = (tool: McpToolDefinition) =>
  JSON.stringify([tool.title, tool.description, tool.inputSchema, tool.outputSchema, tool.annotations, tool.execution, tool.problem]);

export function compareToolLists(before: readonly McpToolDefinition[], after: readonly McpToolDefinition[]): McpToolListChange {
  const previous = new Map(before.map((tool) => [tool.name, tool]));
  const next = new Map(after.map((tool) => [tool.name, tool]));
  return {
    added: after.filter((tool) => !previous.has(tool.name)).map((tool) => tool.name),
    removed: before.filter((tool) => !next.has(tool.name)).map((tool) => tool.name),
    changed: after
      .filter((tool) => previous.has(tool.name) && comparable(previous.get(tool.name)!) !== comparable(tool))
      .map((tool) => tool.name),
  };
}
