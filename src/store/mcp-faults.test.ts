// Issue 19: fault injection "works for sandboxed and MCP tools". An MCP tool's faults are saved with its
// server and applied by executorFor like a workspace tool's, so an injected 429 is retried (the sample's
// lookup_city says it is idempotent) and its attempt is marked as injected.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { SampleRecorder } from '../../mcp-sample/recorder.ts';
import { createSampleServer } from '../../mcp-sample/sample-tools.ts';
import { RealClock } from '../core/index.ts';
import { drawFault, injectedFaultOf, noFaults, type FaultSettings } from '../faults/index.ts';
import { McpServers, mcpToolId } from '../mcp/index.ts';
import { executorFor } from '../session/index.ts';
import { InProcessToolRuntime } from '../session/runtime/in-process-tool-runtime.test-support.ts';
import { mcpToolFaults, remoteToolViews } from './mcp-slice.ts';
import { createTestStore } from './in-process-store.test-support.ts';

const rateLimited: FaultSettings = { ...noFaults, enabled: true, rateLimitRate: 0.5, retryAfterMs: 20 };

/** A seed whose draws for this call are: a 429 on the first attempt, nothing on the second. */
function seedFor(toolName: string, toolCallId: string): number {
  const draw = (seed: number, attempt: number) => drawFault(rateLimited, { seed, toolName, toolCallId, attempt }).failure;
  for (let seed = 1; seed < 1_000; seed++) if (draw(seed, 1) === 'rate_limit' && draw(seed, 2) === null) return seed;
  throw new Error('no such seed');
}

async function connectedStore() {
  const recorder = new SampleRecorder();
  const mcp = new McpServers({
    connectionOptions: () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      void createSampleServer({ recorder, dropConnection: () => {} }).connect(server);
      return { transport: client };
    },
  });
  const store = createTestStore({ mcp });
  for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: false });
  const { id } = await store
    .getState()
    .connectMcpServer({ url: 'http://127.0.0.1:4310/mcp', headers: [], bearerToken: '', rememberSecrets: false });
  return { store, serverId: id };
}

describe('faults on MCP tools', () => {
  // Issue 24 (found by the workspace property test): tool names are the server's, and a record keyed by them
  // answered Object.prototype's members for names like "constructor".
  it('finds no faults for a tool named like an Object member unless some were saved for it', () => {
    const server = { id: 's', url: 'http://x', headers: [], secretHeaders: [], disabledTools: [], toolFaults: { toString: rateLimited } };
    const of = (name: string) => mcpToolFaults([server], { serverId: 's', definition: { name } as never });
    expect(of('constructor')).toBeUndefined();
    expect(of('__proto__')).toBeUndefined();
    expect(of('toString')).toEqual(rateLimited);
  });

  it("saves an MCP tool's faults with its server and hands them to the run", async () => {
    const { store, serverId } = await connectedStore();
    store.getState().setMcpToolFaults(mcpToolId(serverId, 'lookup_city'), rateLimited);
    expect(store.getState().workspace.mcpServers?.[0]?.toolFaults).toEqual({ lookup_city: rateLimited });
    const views = remoteToolViews(store.getState());
    expect(views.find((view) => view.id === mcpToolId(serverId, 'lookup_city'))?.faults).toEqual(rateLimited);
    expect(views.find((view) => view.id === mcpToolId(serverId, 'build_report'))?.faults).toBeUndefined();
  });

  it('retries an injected 429 on an idempotent MCP tool and marks the attempt as injected', async () => {
    const { store, serverId } = await connectedStore();
    store.getState().setMcpToolFaults(mcpToolId(serverId, 'lookup_city'), rateLimited);
    const state = store.getState();
    const workspace = { ...state.workspace, settings: { ...state.workspace.settings, faultSeed: seedFor('lookup_city', 'call_1') } };
    const { executor } = await executorFor(new InProcessToolRuntime({}), {
      view: { workspace, compilations: {}, remoteTools: remoteToolViews(state) },
      settings: { concurrency: 4, timeoutMs: 5_000, retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 40 } },
      clock: new RealClock(),
    });
    const result = await executor.execute({ id: 'call_1', name: 'lookup_city', arguments: { city: 'Lima' } });
    expect(result).toMatchObject({ status: 'success', attempts: 2, result: { structuredContent: { city: 'Lima', country: 'Peru' } } });
    const injected = result.logs.flatMap((entry) => injectedFaultOf(entry.message) ?? []);
    expect(injected).toEqual(['429 Too Many Requests (Retry-After 20 ms)']);
  });
});
