// Direct network from a sandboxed tool (issue 27, point 10): the sandbox's CSP blocks it, so a tool must
// use ctx.fetch, which goes through the host and its allowlist. One wording for the error the global
// fetch throws in the worker and for the editor's warning while the code is typed.

export const directFetchMessage =
  'The sandbox blocks direct network access, so the global fetch cannot reach any server. Call ctx.fetch(url, init) instead: it reaches the origins in Settings → Network allowlist.';

export const directFetchWarning =
  'This is the global fetch, which the sandbox blocks: call ctx.fetch(url, init) instead (it reaches the origins in Settings → Network allowlist).';

export interface DirectFetchCall {
  /** 1-based, in the source as typed. */
  line: number;
  column: number;
}

// `fetch(` not after a dot (ctx.fetch, context.fetch, response.fetch are fine), or the global's by name.
const directCall = /(?<![\w$.])fetch\s*\(|\b(?:globalThis|self|window)\s*\.\s*fetch\s*\(/g;

/** Calls of the global fetch in TypeScript source, outside comments and strings. */
export function findDirectFetchCalls(source: string): DirectFetchCall[] {
  const calls: DirectFetchCall[] = [];
  codeOnly(source)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(directCall)) calls.push({ line: index + 1, column: match.index + 1 });
    });
  return calls;
}

/** The source with comments and string contents blanked (same length, same lines), so only code matches. */
function codeOnly(source: string): string {
  let out = '';
  let index = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (index < source.length) {
    const rest = source.slice(index, index + 2);
    let end = index + 1;
    if (rest === '//') end = endOf(source, '\n', index + 2, false);
    else if (rest === '/*') end = endOf(source, '*/', index + 2, false);
    else if (source[index] === "'" || source[index] === '"' || source[index] === '`') end = endOf(source, source[index]!, index + 1, true);
    const piece = source.slice(index, end);
    out += end === index + 1 ? piece : blank(piece);
    index = end;
  }
  return out;
}

/** Index just past `close` (or the end of the source), skipping escaped characters in strings. */
function endOf(source: string, close: string, from: number, escapes: boolean): number {
  for (let index = from; index < source.length; index++) {
    if (escapes && source[index] === '\\') index++;
    else if (source.startsWith(close, index)) return close === '\n' ? index : index + close.length;
  }
  return source.length;
}
