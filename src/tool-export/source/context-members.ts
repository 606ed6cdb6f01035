// Which parts of `ctx` a tool's code uses, so an export can say what its target lacks for exactly
// those parts (and stay quiet about the rest).
import { withoutComments } from './code-text.ts';

/** The members of the editor's `ToolContext` (src/ui/elements/monaco/tool-context.d.ts; its test checks this list). */
export const contextMembers = ['toolCallId', 'attempt', 'signal', 'userId', 'env', 'idempotencyKey', 'sleep', 'log', 'fetch'] as const;
export type ContextMember = (typeof contextMembers)[number];

const memberAlternatives = contextMembers.join('|');

/** Parameter names typed `ToolContext` (`ctx` in the template), plus `ctx` itself. */
function contextNames(code: string): string[] {
  const names = new Set(['ctx']);
  for (const match of code.matchAll(/([A-Za-z_$][\w$]*)\s*\??\s*:\s*ToolContext\b/g)) names.add(match[1] as string);
  return [...names];
}

/** Members read as `ctx.member` / `ctx?.member`, or destructured from a context (`const { sleep } = ctx`). */
export function contextMembersUsed(codeSource: string): Set<ContextMember> {
  const code = withoutComments(codeSource, { strings: true });
  const names = contextNames(code)
    .map((name) => name.replace(/\$/g, '\\$'))
    .join('|');
  const used = new Set<ContextMember>();
  for (const match of code.matchAll(new RegExp(`\\b(?:${names})\\s*\\??\\.\\s*(${memberAlternatives})\\b`, 'g')))
    used.add(match[1] as ContextMember);
  const destructured = new RegExp(`\\{([^{}]*)\\}\\s*(?::\\s*ToolContext\\b|=\\s*(?:${names})\\b)`, 'g');
  for (const match of code.matchAll(destructured))
    for (const member of contextMembers) if (new RegExp(`\\b${member}\\b`).test(match[1] as string)) used.add(member);
  return used;
}
