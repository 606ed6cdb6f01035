import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import type { Embedder } from './discovery/embedder.ts';
import { harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';

// Issue 8: executor.discover and the discovery hit/miss counter.

const tools = [
  defineTool({
    name: 'get_weather',
    description: 'Current weather for a city',
    schema: z.object({ city: z.string().describe('City name') }),
    execute: () => 'sunny',
  }),
  defineTool({
    name: 'send_email',
    description: 'Send an email to a recipient',
    schema: z.object({ to: z.string().describe('Recipient address') }),
    execute: () => 'sent',
  }),
  defineTool({
    name: 'calculator',
    description: 'Evaluate an arithmetic expression',
    schema: z.object({ expression: z.string() }),
    execute: () => 4,
  }),
] as Tool[];

describe('executor.discover', () => {
  it('returns the most relevant definitions first, five by default', async () => {
    const { executor } = harness({}, tools);
    const matches = await executor.discover('email bob');
    expect(matches.map((match) => match.definition.name)).toEqual(['send_email', 'calculator', 'get_weather']);
    expect(matches[0]?.definition).toEqual(executor.getDefinitions().find((definition) => definition.name === 'send_email'));
    expect(await executor.discover('weather in Lima', 1)).toHaveLength(1);
  });

  it('sees a tool registered after an earlier discovery (the corpus is refitted)', async () => {
    const { executor } = harness({}, tools);
    await executor.discover('anything');
    executor.register(
      defineTool({
        name: 'translate',
        description: 'Translate text into another language',
        schema: z.object({}),
        execute: () => '',
      }) as Tool,
    );
    expect((await executor.discover('translate this into French'))[0]?.definition.name).toBe('translate');
  });

  it('uses a pluggable embedder', async () => {
    const embedder: Embedder = {
      embed: async (texts) => texts.map((text) => [text.includes('arithmetic') || text.includes('17') ? 1 : 0, 0.1]),
    };
    const { executor } = harness({ embedder }, tools);
    expect((await executor.discover('17 * 23', 1))[0]?.definition.name).toBe('calculator');
  });
});

describe('executor.recordDiscovery', () => {
  it('counts called tools that were offered as hits and the others as misses, in the snapshot and Prometheus', () => {
    const { executor } = harness({}, tools);
    expect(executor.getMetrics().discovery).toEqual({ hits: 0, misses: 0 });
    expect(executor.recordDiscovery(['get_weather', 'send_email'], ['get_weather', 'calculator', 'get_weather'])).toEqual({
      hits: 2,
      misses: 1,
    });
    expect(executor.getMetrics().discovery).toEqual({ hits: 2, misses: 1 });
    const text = executor.toPrometheus();
    expect(text).toContain('# TYPE agent_tool_discovery_hits_total counter');
    expect(text).toContain('agent_tool_discovery_hits_total{matched="true"} 2');
    expect(text).toContain('agent_tool_discovery_hits_total{matched="false"} 1');
  });
});
