// Run tests on a scenario that calls MCP tools (issue 29, point 7): the calls take real time, so the
// scenario plays in real time — a 2.5 s call is one call of 2.5 s (it was three timeouts on virtual time,
// past the stuck guard), parallel calls overlap as they did, and the name in the scenario's JSON is the
// report's.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { SampleRecorder } from '../../mcp-sample/recorder.ts';
import { createSampleServer } from '../../mcp-sample/sample-tools.ts';
import { createApiKeyStore } from '../llm/index.ts';
import { McpServers } from '../mcp/index.ts';
import { createTestStore } from './in-process-store.test-support.ts';

function storeWithSample() {
  const mcp = new McpServers({
    connectionOptions: () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      void createSampleServer({ recorder: new SampleRecorder(), dropConnection: () => {} }).connect(server);
      return { transport: client };
    },
  });
  const store = createTestStore({ mcp, apiKeys: createApiKeyStore() });
  for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: false });
  return store;
}

describe('Run tests with MCP calls', () => {
  it(
    'plays in real time: a 2.5 s call is one call, four parallel calls peak at four, the edited name is kept',
    { timeout: 20_000 },
    async () => {
      const store = storeWithSample();
      await store.getState().connectMcpServer({ url: 'http://127.0.0.1:4310/mcp', headers: [], rememberSecrets: false });
      const report = (topic: string) => ({ name: 'build_report', arguments: { topic, steps: 5, stepMs: 500 } });
      const [first, ...others] = store.getState().workspace.scenarios;
      store.getState().updateScenario(first!.id, {
        source: JSON.stringify({
          name: 'Four reports at once',
          turns: [
            { toolCalls: [report('a'), report('b'), report('c'), { name: 'lookup_city', arguments: { city: 'Oslo' } }] },
            { text: 'Done.' },
          ],
        }),
        expectations: JSON.stringify([{ type: 'no-error' }, { type: 'max-concurrency', max: 4 }, { type: 'max-concurrency', max: 1 }]),
      });
      for (const other of others) store.getState().updateScenario(other.id, { expectations: '' });
      await store.getState().runTests();
      const [played] = store.getState().testReport!.scenarios;
      expect(played!.report!.name).toBe('Four reports at once');
      expect(played!.report!.problem).toBeNull();
      expect(played!.report!.results.map((result) => result.passed)).toEqual([true, true, false]);
      const ends = played!.report!.events.flatMap((event) => (event.type === 'tool-call-end' ? [event.result] : []));
      expect(ends.map((result) => [result.name, result.status, result.attempts])).toEqual([
        ['lookup_city', 'success', 1],
        ['build_report', 'success', 1],
        ['build_report', 'success', 1],
        ['build_report', 'success', 1],
      ]);
      for (const result of ends.filter((end) => end.name === 'build_report')) expect(result.durationMs).toBeGreaterThanOrEqual(2400);
      expect(ends.find((end) => end.name === 'lookup_city')!.durationMs).toBeGreaterThan(0);
    },
  );
});
