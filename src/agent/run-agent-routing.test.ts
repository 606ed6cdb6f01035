import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type ToolCallEndEvent } from '../core/index.ts';
import { harness, runScripted } from './agent-harness.test-support.ts';
import type { AgentRunEvent } from './agent-types.ts';

// Issue 8: with routingKey, every call of one conversation is served by the same version during a canary.

const lookup = (version: string) =>
  defineTool({
    name: 'lookup',
    description: 'Look an item up',
    schema: z.object({ item: z.string() }),
    version,
    execute: async ({ item }) => ({ item, version }),
  });

const fiveCalls = {
  name: 'routing',
  turns: [
    { toolCalls: ['a', 'b', 'c', 'd', 'e'].map((item, index) => ({ id: `c${index}`, name: 'lookup', arguments: { item } })) },
    { text: 'Done.' },
  ],
};

const versionsOf = (events: AgentRunEvent[]) =>
  events.filter((event): event is ToolCallEndEvent => event.type === 'tool-call-end').map((event) => event.result.version);

describe('runAgent routingKey', () => {
  it('routes every call of the run by the key, so one conversation sees one version', async () => {
    for (const routingKey of ['conversation-1', 'conversation-2', 'conversation-3']) {
      const test = harness();
      test.executor.register(lookup('v1')).deploy(lookup('v2'));
      test.executor.setTraffic('lookup', 'v2', 0.5);
      const { events } = await runScripted(test, fiveCalls, { routingKey });
      const versions = versionsOf(events);
      expect(versions).toHaveLength(5);
      expect(new Set(versions).size).toBe(1);
    }
  });

  it('without a key each call is routed by its own id', async () => {
    const test = harness();
    test.executor.register(lookup('v1')).deploy(lookup('v2'));
    test.executor.setTraffic('lookup', 'v2', 0.5);
    const { events } = await runScripted(test, fiveCalls);
    expect(new Set(versionsOf(events))).toEqual(new Set(['v1', 'v2']));
  });
});
