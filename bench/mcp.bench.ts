import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { startSampleServer, type RunningSampleServer } from '../mcp-sample/http-front.ts';
import { SampleRecorder } from '../mcp-sample/recorder.ts';
import { createSampleServer } from '../mcp-sample/sample-tools.ts';
import { RealClock, ToolExecutor } from '../src/core/index.ts';
import { McpConnection, toCoreTool } from '../src/mcp/client/index.ts';
import type { Suite, Variant } from './measure.ts';

// What running an MCP tool through the executor costs over calling it with the SDK directly: the same
// tools/call to the same sample server, once with `client.callTool` and once through `executor.execute`
// (Ajv validation, deadline, events with the call's traffic, the tracked fetch). Over loopback HTTP (the
// server in this process), and over the SDK's in-memory transport, where no HTTP work is left. Both sides'
// work is in each figure (the server's is the same for both variants).

const call = { name: 'lookup_city', arguments: { city: 'Paris' } };

interface Pair {
  direct: Client;
  executor: ToolExecutor;
  close(): Promise<void>;
}

async function executorOver(connection: McpConnection): Promise<ToolExecutor> {
  const executor = new ToolExecutor({ clock: new RealClock(), timeoutMs: 10_000 });
  const definition = connection.tools.find((tool) => tool.name === call.name);
  if (!definition) throw new Error(`the sample server has no ${call.name}`);
  executor.register(toCoreTool({ connection, serverLabel: connection.info.name, definition }));
  // A listener, as the app always has one (the timeline): events, traffic included, are built.
  executor.on(() => {});
  return executor;
}

async function overHttp(): Promise<Pair & { server: RunningSampleServer }> {
  const server = await startSampleServer({ port: 0 });
  const direct = new Client({ name: 'bench', version: '1' });
  await direct.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  const connection = await McpConnection.open({ url: server.url });
  const executor = await executorOver(connection);
  return { server, direct, executor, close: async () => (await Promise.all([direct.close(), connection.close()]), await server.close()) };
}

async function inMemory(): Promise<Pair> {
  const recorder = new SampleRecorder();
  const [directClient, directServer] = InMemoryTransport.createLinkedPair();
  await createSampleServer({ recorder, dropConnection: () => {} }).connect(directServer);
  const direct = new Client({ name: 'bench', version: '1' });
  await direct.connect(directClient);
  const [ourClient, ourServer] = InMemoryTransport.createLinkedPair();
  await createSampleServer({ recorder, dropConnection: () => {} }).connect(ourServer);
  const connection = await McpConnection.open({ url: 'memory://bench', transport: ourClient });
  const executor = await executorOver(connection);
  return { direct, executor, close: async () => void (await Promise.all([direct.close(), connection.close()])) };
}

const pairs = new Map<string, Promise<Pair>>();
const pairFor = (kind: 'http' | 'memory') => {
  let pair = pairs.get(kind);
  if (!pair) pairs.set(kind, (pair = kind === 'http' ? overHttp() : inMemory()));
  return pair;
};

function variants(kind: 'http' | 'memory'): { baseline: Variant; candidate: Variant } {
  return {
    baseline: {
      label: 'SDK client.callTool',
      async run(operations) {
        const { direct } = await pairFor(kind);
        for (let index = 0; index < operations; index++) {
          const result = await direct.callTool(call);
          if (result.isError) throw new Error('the direct call failed');
        }
      },
    },
    candidate: {
      label: 'executor.execute',
      async run(operations) {
        const { executor } = await pairFor(kind);
        for (let index = 0; index < operations; index++) {
          const result = await executor.execute({ id: `c${index}`, ...call });
          if (result.status !== 'success') throw new Error(`the executor call failed: ${result.error?.message}`);
        }
      },
    },
  };
}

export const mcpSuite: Suite = {
  name: 'mcp',
  // Client and server both run in this process, so its CPU time is the work of a call, steady on a shared
  // machine (wall time also counts whoever else held the core). Longer rounds, more of them.
  clock: 'cpu',
  options: { roundMs: 300, rounds: 15, warmupRounds: 3 },
  comparisons: [
    { name: 'tools/call, loopback HTTP', unit: 'call', ...variants('http') },
    { name: 'tools/call, in-memory transport', unit: 'call', ...variants('memory') },
  ],
  async teardown() {
    await Promise.all([...pairs.values()].map(async (pair) => (await pair).close()));
    pairs.clear();
  },
};
