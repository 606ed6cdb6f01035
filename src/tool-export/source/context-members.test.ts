import { describe, expect, it } from 'vitest';
import { sampleTools } from '../../samples/index.ts';
import { contextMembersUsed } from './context-members.ts';

const codeOf = (name: string) => sampleTools.find((tool) => tool.name === name)?.codeSource ?? '';

describe('contextMembersUsed', () => {
  it('finds ctx.member, through helpers typed ToolContext, and destructured members', () => {
    expect([...contextMembersUsed(codeOf('get_weather'))].sort()).toEqual(['fetch', 'log', 'sleep']);
    expect([...contextMembersUsed(codeOf('send_email'))].sort()).toEqual(['attempt', 'idempotencyKey', 'log', 'sleep']);
    const destructured =
      'export default async function execute(input: Input, { signal, env }: ToolContext) {\n  return env.A ?? signal.aborted;\n}\n';
    expect([...contextMembersUsed(destructured)].sort()).toEqual(['env', 'signal']);
    expect([...contextMembersUsed('async function run(input: Input, context: ToolContext) { context?.log(1); }')]).toEqual(['log']);
  });

  it('does not count a member named only in a comment or a string', () => {
    // stubborn_task's comments say "ctx.signal is never checked".
    expect(contextMembersUsed(codeOf('stubborn_task')).has('signal')).toBe(false);
    expect(contextMembersUsed("const hint = 'call ctx.fetch'; // ctx.sleep\n/* ctx.attempt */").size).toBe(0);
  });
});
