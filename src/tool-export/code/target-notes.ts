// What a target lacks of Toolscope's ctx and settings, said once at the top of the exported file, and
// only for what the tool actually uses.
import type { TypeScriptTarget, RunDefaults } from '../export-types.ts';
import type { ContextMember } from '../source/context-members.ts';
import type { PreparedTool } from './prepare-tool.ts';

type MemberNotes = Partial<Record<ContextMember, string>>;

const fetchNote = 'ctx.fetch is the global fetch, aborted with the call: there is no network allowlist as in Toolscope.';
const envNote = "ctx.env is process.env (Toolscope passed the run's environment).";

const memberNotes: Record<TypeScriptTarget, MemberNotes> = {
  'ai-sdk': {
    attempt: 'ctx.attempt is always 1: the AI SDK runs a tool call once and never retries it.',
    userId: 'ctx.userId is undefined: the AI SDK passes no user to a tool.',
    env: envNote,
    idempotencyKey: 'ctx.idempotencyKey is the tool call id: the AI SDK has no idempotency key.',
    log: 'ctx.log writes to console.log: the AI SDK keeps no log per call.',
    fetch: fetchNote,
  },
  mcp: {
    toolCallId: 'ctx.toolCallId is the JSON-RPC request id: MCP has no tool call id.',
    attempt: 'ctx.attempt is always 1: an MCP server answers each tools/call once; retrying is up to the client.',
    userId: "ctx.userId is the client id of the request's auth info (undefined without auth).",
    env: envNote,
    idempotencyKey: 'ctx.idempotencyKey is the request id: MCP has no idempotency key.',
    log: 'ctx.log writes to stderr (on stdio, stdout carries the protocol).',
    fetch: fetchNote,
  },
  'define-tool': {
    fetch: "ctx.fetch is Node's fetch bound to the call's signal: there is no network allowlist outside Toolscope's sandbox.",
  },
};

const runnerName: Record<TypeScriptTarget, string> = {
  'ai-sdk': 'the AI SDK calls it once',
  mcp: 'an MCP server answers each call once',
  'define-tool': '',
};

export function targetNotes(prepared: PreparedTool, target: TypeScriptTarget, defaults: RunDefaults): string[] {
  const notes = [...prepared.problems];
  const table = memberNotes[target];
  for (const member of prepared.membersUsed) {
    const note = table[member];
    if (note) notes.push(note);
  }
  const { tool } = prepared;
  if (target !== 'define-tool') {
    const attempts = tool.retry?.maxAttempts ?? defaults.retry.maxAttempts;
    if (tool.idempotent && attempts > 1)
      notes.push(`Toolscope retries this tool on transient errors (up to ${attempts} attempts, with backoff); ${runnerName[target]}.`);
    if (tool.timeoutMs === undefined)
      notes.push(`Each call has a deadline of ${defaults.timeoutMs} ms, the run's default in Toolscope (the tool sets none of its own).`);
  }
  if (prepared.toolscopeNames.length > 0 && target !== 'define-tool')
    notes.push(
      `${prepared.toolscopeNames.map((binding) => binding.local).join(', ')} only label a failure here: there is no executor to read them.`,
    );
  return notes;
}

/** The comment block at the top of a generated file. */
export function headerComment(title: string, notes: readonly string[]): string {
  const lines = [`// ${title}`];
  if (notes.length > 0) {
    lines.push('// Differences from Toolscope:');
    for (const note of notes) lines.push(`// - ${note}`);
  }
  return lines.join('\n');
}
