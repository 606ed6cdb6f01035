// Regular expressions from untrusted schemas (an MCP server's inputSchema, a shared tool's, a pasted
// definition) run on the page's main thread, where a backtracking engine can be made to take forever:
// `^(a+)+$` took 15 s on 28 characters (issue 28). RE2 (re2js, in plain JavaScript) matches in linear
// time; it does not read lookaround or backreferences, and such a pattern is reported as unreadable.
import { RE2JS } from 're2js';

export interface PatternTest {
  /** JSON Schema's meaning: the pattern is found somewhere in `text` (anchors make it whole). */
  test(text: string): boolean;
}

/** Compiled patterns, by source: a schema is checked many times (every candidate, every call). */
const compiled = new Map<string, PatternTest | null>();
const maxCached = 500;

/** A linear-time test for `pattern`, or undefined when RE2 cannot read it (lookaround, backreferences, huge counts). */
export function untrustedPattern(pattern: string): PatternTest | undefined {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached ?? undefined;
  let test: PatternTest | null;
  try {
    const expression = RE2JS.compile(pattern);
    test = { test: (text) => expression.matcher(text).find() };
  } catch {
    test = null;
  }
  if (compiled.size >= maxCached) compiled.clear();
  compiled.set(pattern, test);
  return test ?? undefined;
}
