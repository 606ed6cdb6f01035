// A server that asks during a call: an elicitation answered through the handler (defaults filled in as
// the form shows them), a sampling request answered by a model, roots listed empty; each filed under the
// call that asked, with a note on its timeline while the person or the model answers.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { RealClock, ToolExecutor, type ExecutorEvent } from '../../core/index.ts';
import { elicitationContent, elicitationFields, initialElicitationValues } from '../elicitation-form.ts';
import type { McpElicitationAnswer, McpServerRequestHandlers } from '../mcp-types.ts';
import { toCoreTool } from './mcp-tool.ts';
import { connectInMemory } from './in-memory-servers.test-support.ts';

function askingServer() {
  const server = new Server({ name: 'asking', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: ['ask_person', 'ask_model', 'ask_roots'].map((name) => ({ name, description: name, inputSchema: { type: 'object' } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name === 'ask_person') {
      const answer = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message: 'Your name?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', default: 36 } },
            },
          },
        },
        ElicitResultSchema,
      );
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    }
    if (request.params.name === 'ask_model') {
      const answer = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 20 },
        },
        CreateMessageResultSchema,
      );
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    }
    const roots = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
    return { content: [{ type: 'text', text: JSON.stringify(roots) }] };
  });
  return server;
}

async function callWith(requests: McpServerRequestHandlers, tool: string, timeoutMs = 5000) {
  const connection = await connectInMemory(askingServer(), { requests });
  const executor = new ToolExecutor({ clock: new RealClock(), timeoutMs });
  for (const definition of connection.tools) executor.register(toCoreTool({ connection, serverLabel: 'asking', definition }));
  const events: ExecutorEvent[] = [];
  executor.on((event) => void events.push(event));
  const result = await executor.execute({ id: 'c1', name: tool, arguments: {} });
  await connection.close();
  const notes = events.flatMap((event) => (event.type === 'tool-call-progress' && event.entry.message ? [event.entry.message] : []));
  const traffic = events.flatMap((event) =>
    event.type === 'tool-call-traffic' ? [(event.entry.message as { method?: string }).method ?? 'answer'] : [],
  );
  const waits = events.flatMap((event) =>
    event.type === 'attempt-wait-start' || event.type === 'attempt-wait-end'
      ? [{ type: event.type, on: event.on, waitingOn: event.waitingOn, message: event.message, model: event.model, usage: event.usage }]
      : [],
  );
  return { text: result.status === 'success' ? JSON.stringify(result.result) : result.error.message, notes, traffic, waits, result };
}

const acceptDefaults: McpServerRequestHandlers['elicit'] = (request) => {
  const fields = elicitationFields(request);
  const filled = elicitationContent(fields, initialElicitationValues(fields));
  return Promise.resolve(filled.ok ? { action: 'accept', content: filled.content } : { action: 'cancel' });
};

describe('requests from the server during a call', () => {
  it('answers an elicitation through the form: its defaults come back, the call notes the wait, the traffic is filed under the call', async () => {
    const asked: string[] = [];
    const { text, notes, traffic } = await callWith(
      {
        elicit: (request, signal) => (
          asked.push(`${request.toolName}: ${request.message} ${signal.aborted}`),
          acceptDefaults(request, signal)
        ),
      },
      'ask_person',
    );
    expect(asked).toEqual(['ask_person: Your name? false']);
    expect(text).toContain(String.raw`{\"action\":\"accept\",\"content\":{\"name\":\"Ada\",\"age\":36}}`);
    expect(notes).toEqual(['Waiting for you: Your name?', 'You answered the form.']);
    expect(traffic).toEqual(['tools/call', 'elicitation/create', 'answer', 'answer']);
  });

  it.each<McpElicitationAnswer['action']>(['decline', 'cancel'])('sends %s as the action, with no content', async (action) => {
    const { text } = await callWith({ elicit: () => Promise.resolve({ action } as McpElicitationAnswer) }, 'ask_person');
    expect(text).toContain(String.raw`{\"action\":\"${action}\"}`);
  });

  it('answers sampling with the model the app chose, and says which model answered', async () => {
    const { text, notes } = await callWith(
      { sample: (request) => Promise.resolve({ text: `hi (${request.messages[0]?.text})`, model: 'mock:router', stopReason: 'endTurn' }) },
      'ask_model',
    );
    expect(text).toContain(String.raw`\"text\":\"hi (Say hi)\"`);
    expect(notes).toEqual(['The server asked the model (sampling/createMessage).', 'mock:router answered the server.']);
  });

  it('a person slower at the form than the call’s limit still gets the call through: its deadline stands still while the form is open', async () => {
    // A 300 ms limit, 700 ms at the form: only the server’s own time counts against the limit.
    const slowPerson: McpServerRequestHandlers['elicit'] = (request, signal) =>
      new Promise((resolve) => setTimeout(resolve, 700)).then(() => acceptDefaults(request, signal));
    const { text, waits, result } = await callWith({ elicit: slowPerson }, 'ask_person', 300);
    expect(result.status).toBe('success');
    expect(text).toContain(String.raw`\"action\":\"accept\"`);
    expect(waits).toEqual([
      {
        type: 'attempt-wait-start',
        on: 'user',
        waitingOn: ['user'],
        message: 'Waiting for you: Your name?',
        model: undefined,
        usage: undefined,
      },
      { type: 'attempt-wait-end', on: 'user', waitingOn: [], message: 'You answered the form.', model: undefined, usage: undefined },
    ]);
  });

  it('a sampling request is a model call inside the tool call, with the model and its tokens; its time counts against the limit', async () => {
    const slowModel: McpServerRequestHandlers['sample'] = () =>
      new Promise((resolve) => setTimeout(resolve, 700)).then(() => ({
        text: 'hi',
        model: 'mock:router',
        stopReason: 'endTurn',
        usage: { inputTokens: 9, outputTokens: 2 },
      }));
    const answered = await callWith({ sample: slowModel }, 'ask_model');
    expect(answered.waits.map(({ type, on, model, usage }) => [type, on, model, usage])).toEqual([
      ['attempt-wait-start', 'model', undefined, undefined],
      ['attempt-wait-end', 'model', 'mock:router', { inputTokens: 9, outputTokens: 2 }],
    ]);
    expect((await callWith({ sample: slowModel }, 'ask_model', 300)).result.status).toBe('error');
  });

  it('lists no roots, and refuses elicitation when the app gives no handler (not declared)', async () => {
    expect((await callWith({}, 'ask_roots')).text).toContain(String.raw`{\"roots\":[]}`);
    expect((await callWith({}, 'ask_person')).text).toMatch(/-32601|does not support elicitation|Method not found/i);
  });
});
