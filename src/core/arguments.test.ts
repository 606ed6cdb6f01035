import { describe, it, expect } from 'vitest';
import { parseArguments, joinPath } from './arguments.ts';

describe('parseArguments', () => {
  it('treats an empty string (and undefined) as {}', () => {
    expect(parseArguments('')).toEqual({ ok: true, value: {} });
    expect(parseArguments('   ')).toEqual({ ok: true, value: {} });
    expect(parseArguments(undefined)).toEqual({ ok: true, value: {} });
  });

  it('parses JSON text and passes objects through', () => {
    expect(parseArguments('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    const object = { b: 1 };
    expect(parseArguments(object)).toEqual({ ok: true, value: object });
  });

  it('reports invalid JSON at the root', () => {
    const parsed = parseArguments('{"a":');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.issues[0]?.path).toBe('');
      expect(parsed.issues[0]?.message).toMatch(/^Arguments are not valid JSON/);
    }
  });

  it('refuses text over the size limit before parsing it', () => {
    const parsed = parseArguments(JSON.stringify({ text: 'x'.repeat(200) }), { maxLength: 100, maxDepth: 32 });
    expect(parsed).toEqual({ ok: false, issues: [{ path: '', message: 'Arguments are too large: 211 characters, the limit is 100' }] });
  });

  it('refuses nesting deeper than the limit, in text and in objects', () => {
    const limits = { maxLength: 100_000, maxDepth: 3 };
    expect(parseArguments('{"a":{"b":{"c":1}}}', limits).ok).toBe(true);
    const deepText = parseArguments('{"a":{"b":{"c":{"d":1}}}}', limits);
    expect(deepText).toEqual({ ok: false, issues: [{ path: '', message: 'Arguments are nested too deeply: more than 3 levels' }] });
    expect(parseArguments({ a: { b: { c: { d: 1 } } } }, limits).ok).toBe(false);
    // Brackets inside strings do not count.
    expect(parseArguments('{"a":"[[[[[[[[[["}', limits).ok).toBe(true);
    expect(parseArguments('{"a":"\\"[[[[[[[[[["}', limits).ok).toBe(true);
  });

  it('survives a hostile deeply nested text without a stack overflow', () => {
    const hostile = '['.repeat(50_000) + ']'.repeat(50_000);
    expect(parseArguments(hostile).ok).toBe(false);
  });

  it('stops at a cyclic object instead of recursing forever', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(parseArguments(cyclic).ok).toBe(false);
  });

  it('rejects prototype-polluting keys with their path', () => {
    expect(parseArguments('{"__proto__":{"admin":true}}')).toEqual({
      ok: false,
      issues: [{ path: '__proto__', message: 'Forbidden key "__proto__"' }],
    });
    expect(parseArguments('{"a":[{"constructor":{"prototype":{"x":1}}}]}')).toEqual({
      ok: false,
      issues: [{ path: 'a.0.constructor', message: 'Forbidden key "constructor.prototype"' }],
    });
    // A key named constructor with an ordinary value is fine.
    expect(parseArguments('{"constructor":"Ford"}').ok).toBe(true);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('parseArguments at its edges (issue 20)', () => {
  const tooDeep = (levels: number) => `Arguments are nested too deeply: more than ${levels} levels`;

  it('takes text of exactly the size limit', () => {
    const text = JSON.stringify({ text: 'x'.repeat(89) });
    expect(text.length).toBe(100);
    expect(parseArguments(text, { maxLength: 100, maxDepth: 32 })).toEqual({ ok: true, value: { text: 'x'.repeat(89) } });
    expect(parseArguments(` ${text}`, { maxLength: 100, maxDepth: 32 })).toEqual({
      ok: false,
      issues: [{ path: '', message: 'Arguments are too large: 101 characters, the limit is 100' }],
    });
  });

  it('counts arrays and objects alike in text, and only the deepest branch: siblings do not add up', () => {
    const limits = { maxLength: 100_000, maxDepth: 3 };
    expect(parseArguments('[[[[1]]]]', limits)).toEqual({ ok: false, issues: [{ path: '', message: tooDeep(3) }] });
    expect(parseArguments('{"a":[{"b":[1]}]}', limits)).toEqual({ ok: false, issues: [{ path: '', message: tooDeep(3) }] });
    // The deepest branch comes first, a shallow one last: the scan keeps the deepest level it saw.
    expect(parseArguments('[[[[1]]],[1]]', limits)).toEqual({ ok: false, issues: [{ path: '', message: tooDeep(3) }] });
    const siblings = '{"a":[1],"b":[2],"c":{"d":[3]},"e":[[4],[5],[6]]}';
    expect(parseArguments(siblings, limits)).toEqual({ ok: true, value: JSON.parse(siblings) });
  });

  it('finds the depth of objects handed in by code, arrays included, and names where it went too deep once', () => {
    const limits = { maxLength: 100_000, maxDepth: 3 };
    expect(parseArguments([[[[1]]]], limits)).toEqual({ ok: false, issues: [{ path: '0.0.0', message: tooDeep(3) }] });
    expect(parseArguments([[[1]]], limits)).toEqual({ ok: true, value: [[[1]]] });
    const twoDeep = { a: { b: { c: { d: 1 } } }, x: { y: { z: { w: 1 } } } };
    expect(parseArguments(twoDeep, limits)).toEqual({ ok: false, issues: [{ path: 'a.b.c', message: tooDeep(3) }] });
    // A forbidden key found first does not hide the depth.
    expect(parseArguments({ __proto__: null, constructor: { prototype: {} }, deep: [[[1]]] }, limits)).toEqual({
      ok: false,
      issues: [
        { path: 'constructor', message: 'Forbidden key "constructor.prototype"' },
        { path: 'deep.0.0', message: tooDeep(3) },
      ],
    });
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(parseArguments({ list: cyclic }, limits)).toEqual({ ok: false, issues: [{ path: 'list.0.0', message: tooDeep(3) }] });
  });

  it('refuses only constructor.prototype: other keys holding a prototype, and constructors of null, text or a function pass', () => {
    for (const text of ['{"a":{"prototype":{"x":1}}}', '{"constructor":null}', '{"constructor":{"name":"Ford"}}']) {
      expect(parseArguments(text)).toEqual({ ok: true, value: JSON.parse(text) });
    }
    // A function is copied by a merge, not walked into.
    const withFunction = { constructor: function Ford() {} };
    expect(parseArguments(withFunction)).toEqual({ ok: true, value: withFunction });
    expect(parseArguments({ list: [null, 'text', { constructor: { prototype: {} } }] })).toEqual({
      ok: false,
      issues: [{ path: 'list.2.constructor', message: 'Forbidden key "constructor.prototype"' }],
    });
  });
});

describe('joinPath', () => {
  it('joins with dots, indexes as numbers, root as empty', () => {
    expect(joinPath(['a', 'b', 0])).toBe('a.b.0');
    expect(joinPath([])).toBe('');
  });
});
