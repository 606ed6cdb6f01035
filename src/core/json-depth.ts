// How deep JSON text nests, read without parsing it: untrusted text (model arguments, provider answers,
// share links, run files) is measured first, so that neither JSON.parse nor a recursive reader after it
// (JSON.stringify, zod, a render) meets a hostile `[[[[...` (issue 28).

/** Deepest nesting of `{`/`[` outside strings. Linear, no recursion. */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  // Stryker disable next-line EqualityOperator: one step past the end reads NaN, which matches no bracket.
  for (let index = 0; index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 92 /* \ */) index++;
      else if (character === 34 /* " */) inString = false;
    } else if (character === 34) inString = true;
    else if (character === 123 /* { */ || character === 91 /* [ */) {
      depth++;
      // Stryker disable next-line EqualityOperator: at depth === deepest the assignment changes nothing.
      if (depth > deepest) deepest = depth;
    } else if (character === 125 /* } */ || character === 93 /* ] */) depth--;
  }
  return deepest;
}

/** JSON nesting Toolscope reads from text it did not write: deeper than any real answer, workspace or run file. */
export const untrustedJsonDepth = 128;

export type BoundedJson = { ok: true; value: unknown } | { ok: false; tooDeep: boolean; message: string };

/** JSON.parse for untrusted text, refusing (not throwing) text that nests deeper than `maxDepth`. */
export function parseJsonWithin(text: string, maxDepth = untrustedJsonDepth): BoundedJson {
  const depth = jsonTextDepth(text);
  if (depth > maxDepth) return { ok: false, tooDeep: true, message: `it nests ${depth} levels deep; Toolscope reads at most ${maxDepth}` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, tooDeep: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Whether a value already parsed (by a library: an MCP server's listing) nests deeper than `maxDepth`
 * objects and arrays. Iterative, and it stops at the first branch too deep.
 */
export function nestsDeeperThan(value: unknown, maxDepth = untrustedJsonDepth): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(current))
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}
