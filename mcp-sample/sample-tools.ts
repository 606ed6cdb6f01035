// The sample MCP server's tools: each shows one behaviour worth watching through an executor — a slow
// tool that reports progress, a flaky one, one that ignores cancellation, a destructive one, one that
// changes the tool list, one whose connection drops mid-call, one whose stream closes and resumes. Transport-free: the HTTP front
// (http-front.ts) serves it over Streamable HTTP, the unit tests over the SDK's in-memory transport.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { SampleRecorder } from './recorder.ts';

export interface SampleHooks {
  recorder: SampleRecorder;
  /** Drops the HTTP connection carrying this request (a server that goes away mid-call); a no-op elsewhere. */
  dropConnection(sessionId: string | undefined, requestId: string | number): void;
}

interface Extra {
  signal: AbortSignal;
  requestId: string | number;
  sessionId?: string;
  _meta?: { progressToken?: string | number };
  sendNotification(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void>;
}

const cities: Record<string, { country: string; temperatureC: number }> = {
  paris: { country: 'France', temperatureC: 18 },
  tokyo: { country: 'Japan', temperatureC: 22 },
  lima: { country: 'Peru', temperatureC: 16 },
  oslo: { country: 'Norway', temperatureC: 7 },
};

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

async function progress(extra: Extra, value: number, total: number, message: string): Promise<void> {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return;
  await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: value, total, message } });
}

export const extraToolName = 'extra_echo';

export function createSampleServer(hooks: SampleHooks): McpServer {
  const server = new McpServer({ name: 'toolscope-sample', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });

  server.registerTool(
    'lookup_city',
    {
      title: 'Look up a city',
      description: 'Current temperature of a city (Paris, Tokyo, Lima or Oslo). Unknown cities are a tool error (isError).',
      inputSchema: { city: z.string().min(1).describe('City name, e.g. Paris') },
      outputSchema: { city: z.string(), country: z.string(), temperatureC: z.number() },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ city }) => {
      const found = cities[city.trim().toLowerCase()];
      if (!found) return { ...text(`Unknown city "${city}". Try Paris, Tokyo, Lima or Oslo.`), isError: true };
      const structuredContent = { city, ...found };
      return { ...text(`${city}: ${found.temperatureC} °C`), structuredContent };
    },
  );

  server.registerTool(
    'build_report',
    {
      title: 'Slow report',
      description: 'Builds a report in steps, sending notifications/progress after each one. Stops when cancelled.',
      inputSchema: {
        topic: z.string().min(1),
        steps: z.number().int().min(1).max(50).default(5),
        stepMs: z.number().int().min(10).max(10_000).default(400),
      },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ topic, steps, stepMs }, extra) => {
      for (let step = 1; step <= steps; step++) {
        await sleep(stepMs, extra.signal);
        await progress(extra as Extra, step, steps, `Section ${step} of ${steps}`);
      }
      return text(`Report on ${topic}: ${steps} sections.`);
    },
  );

  server.registerTool(
    'flaky_lookup',
    {
      title: 'Flaky lookup',
      description:
        'Reads a record. The server answers HTTP 503 to the first two calls for each new id (a transient failure), then the record.',
      inputSchema: { id: z.string().min(1) },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ id }) => text(JSON.stringify({ id, value: `record ${id}` })),
  );

  server.registerTool(
    'stubborn_export',
    {
      title: 'Stubborn export',
      description: 'Exports for a few seconds and ignores cancellation: it finishes even after the client has given up.',
      inputSchema: { seconds: z.number().min(0.1).max(60).default(3) },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    async ({ seconds }, extra) => {
      let cancelledAt: number | undefined;
      extra.signal.addEventListener('abort', () => (cancelledAt = Date.now()), { once: true });
      await sleep(seconds * 1000);
      if (cancelledAt !== undefined)
        hooks.recorder.lateFinish({ tool: 'stubborn_export', requestId: extra.requestId, afterCancelMs: Date.now() - cancelledAt });
      return text(`Exported after ${seconds} s.`);
    },
  );

  server.registerTool(
    'delete_record',
    {
      title: 'Delete a record',
      description:
        'Deletes a record. Destructive: the server answers HTTP 503 to the first call for each id, and a client must not retry it.',
      inputSchema: { id: z.string().min(1) },
      annotations: { destructiveHint: true, idempotentHint: false },
    },
    async ({ id }) => text(`Deleted ${id}.`),
  );

  const extra = server.registerTool(
    extraToolName,
    {
      title: 'Extra echo',
      description: 'Echoes its text. Appears and disappears with toggle_extra_tool.',
      inputSchema: { text: z.string() },
    },
    async ({ text: value }) => text(value),
  );
  extra.disable();

  const toggle = server.registerTool(
    'toggle_extra_tool',
    {
      title: 'Toggle the extra tool',
      description: `Adds the tool ${extraToolName}; the server sends notifications/tools/list_changed.`,
      inputSchema: {},
      annotations: { idempotentHint: false, destructiveHint: false },
    },
    async () => {
      // Each change below sends notifications/tools/list_changed (over the standalone GET stream).
      if (extra.enabled) extra.disable();
      else extra.enable();
      toggle.update({
        description: `${extra.enabled ? 'Removes' : 'Adds'} the tool ${extraToolName}; the server sends notifications/tools/list_changed.`,
      });
      return text(`${extraToolName} is now ${extra.enabled ? 'listed' : 'gone'}.`);
    },
  );

  server.registerTool(
    'drop_connection',
    {
      title: 'Drop the connection',
      description: 'Reports progress once, then the server drops the HTTP connection of the call (a server that disconnects mid-call).',
      inputSchema: { afterMs: z.number().int().min(0).max(10_000).default(300) },
      annotations: { readOnlyHint: true },
    },
    async ({ afterMs }, extraInfo) => {
      await progress(extraInfo as Extra, 1, 2, 'About to drop the connection');
      await sleep(afterMs, extraInfo.signal);
      hooks.dropConnection(extraInfo.sessionId, extraInfo.requestId);
      // Nobody is left to answer; wait for the cancellation that a client may still send.
      await sleep(60_000, extraInfo.signal).catch(() => {});
      return text('The connection was dropped.');
    },
  );

  server.registerTool(
    'test_reconnection',
    {
      title: 'Close the stream, answer after',
      description:
        'Closes its own response stream mid-call and answers once the client has resumed it with Last-Event-ID (SSE polling, SEP-1699). ' +
        "Named as the conformance suite's server-sse-polling scenario calls it.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async (_input, extraInfo) => {
      await sleep(100, extraInfo.signal);
      // Only over HTTP with an event store: elsewhere there is no stream to close, and it simply answers.
      extraInfo.closeSSEStream?.();
      await sleep(200, extraInfo.signal);
      return text('Answered after the stream was resumed.');
    },
  );

  return server;
}
