import { describe, expect, it } from 'vitest';
import { findDirectFetchCalls } from './direct-fetch.ts';

describe('calls of the global fetch, found as the code is typed (issue 27, point 10)', () => {
  it('finds fetch( and globalThis.fetch( where they are called', () => {
    const source = [
      'export default async function execute(input, ctx) {',
      '  const first = await fetch(input.url);',
      '  const second = await globalThis.fetch(input.url, { method: "POST" });',
      '  return [first, second];',
      '}',
    ].join('\n');
    expect(findDirectFetchCalls(source)).toEqual([
      { line: 2, column: 23 },
      { line: 3, column: 24 },
    ]);
  });

  it('leaves ctx.fetch, other objects’ fetch, names that contain fetch, comments and strings alone', () => {
    const source = [
      'export default async function execute(input, ctx) {',
      '  // fetch(url) would be blocked; /* fetch( */ too',
      '  const note = \'do not fetch(\' + "fetch(" + `fetch(${1})`;',
      '  const refetch = (x) => x; prefetch(1); refetch(2);',
      '  return ctx.fetch(input.url).then((r) => r.json());',
      '}',
    ].join('\n');
    expect(findDirectFetchCalls(source)).toEqual([]);
  });
});
