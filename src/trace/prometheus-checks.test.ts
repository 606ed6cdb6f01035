import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentRunEvent } from '../agent/index.ts';
import { defineTool, ToolExecutor, VirtualClock } from '../core/index.ts';
import { metricsToPrometheus } from './prometheus-export.ts';
import { runMetrics } from './run-metrics.ts';
import { buildTimeline } from './timeline-builder.ts';

// Issue 26: the Prometheus exports checked with Prometheus's own tool, with buckets that fit tool calls,
// and the run export labelled by version as the live one is.

const lookup = (version: string, ms: number) =>
  defineTool({
    name: 'lookup',
    description: 'Look an item up',
    schema: z.object({}),
    version,
    execute: async (_input, ctx) => ctx.sleep(ms),
  });

/** A canary run: lookup v1 (3 ms) and v2 (40 ms) share the traffic; `quick` has no version. */
async function canaryRun(): Promise<{ live: string; recorded: string }> {
  const clock = new VirtualClock();
  const executor = new ToolExecutor({ clock });
  executor.register(lookup('v1', 3)).deploy(lookup('v2', 40));
  executor.register(defineTool({ name: 'quick', description: 'No version', schema: z.object({}), execute: (_input, ctx) => ctx.sleep(7) }));
  executor.setTraffic('lookup', 'v2', 0.5);
  const events: AgentRunEvent[] = [];
  executor.on((event) => events.push(event));
  const calls = Array.from({ length: 10 }, (_, index) => ({ id: `call-${index}`, name: 'lookup', arguments: {} }));
  await clock.run(executor.executeBatch([...calls, { id: 'quick-1', name: 'quick', arguments: {} }]));
  return { live: executor.toPrometheus(), recorded: metricsToPrometheus(runMetrics(buildTimeline(events))) };
}

const callLines = (text: string) => text.split('\n').filter((line) => line.startsWith('agent_tool_calls_total'));
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('Prometheus exports', () => {
  it('put a call of a few milliseconds in a bucket of its size, from 5 ms up', async () => {
    const { live, recorded } = await canaryRun();
    for (const text of [live, recorded]) {
      expect(text).toContain('agent_tool_call_duration_seconds_bucket{tool_name="quick",le="0.005"} 0');
      expect(text).toContain('agent_tool_call_duration_seconds_bucket{tool_name="quick",le="0.01"} 1');
      expect(text).toMatch(/agent_tool_call_duration_seconds_bucket\{tool_name="lookup",le="0.005"\} [1-9]/);
    }
  });

  it("label a versioned tool's calls by version in the run export, as the live export does", async () => {
    const { live, recorded } = await canaryRun();
    expect(callLines(recorded)).toEqual(callLines(live));
    expect(recorded).toMatch(/agent_tool_calls_total\{tool_name="lookup",status="success",version="v2"\} [1-9]/);
    expect(recorded).toContain('agent_tool_calls_total{tool_name="quick",status="success"} 1');
  });

  it.skipIf(!promtool)('pass promtool check metrics with no problem (run when promtool is installed)', async () => {
    const { live, recorded } = await canaryRun();
    for (const text of [live, recorded]) expect(execFileSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })).toBe('');
  });
});
