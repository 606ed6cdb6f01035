import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolExecutor, VirtualClock } from '../core/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import { createScriptedModel, parseScenario } from '../llm/index.ts';
import { runAgent } from './run-agent.ts';

describe('runAgent onMessages', () => {
  it('reports the assistant turn before its tools finish, then the tool results', async () => {
    const clock = new VirtualClock();
    const executor = new ToolExecutor({ clock });
    executor.register(
      defineTool({ name: 'wait', description: 'waits', schema: z.object({}), execute: async (_input, ctx) => ctx.sleep(1000) }),
    );
    const parsed = parseScenario(JSON.stringify({ name: 's', turns: [{ toolCalls: [{ name: 'wait' }] }, { text: 'done' }] }));
    if (!parsed.ok) throw new Error('bad scenario');
    const snapshots: { time: number; roles: string[] }[] = [];
    const onMessages = (messages: readonly ChatMessage[]) =>
      snapshots.push({ time: clock.now(), roles: messages.map((message) => message.role) });
    const done = runAgent({
      model: createScriptedModel(parsed.scenario, { clock }),
      executor,
      messages: [{ role: 'user', content: 'go' }],
      clock,
      onMessages,
    });
    await clock.runUntilIdle();
    await done;
    expect(snapshots).toEqual([
      { time: 0, roles: ['user', 'assistant'] },
      { time: 1000, roles: ['user', 'assistant', 'tool'] },
      { time: 1000, roles: ['user', 'assistant', 'tool', 'assistant'] },
    ]);
  });
});
