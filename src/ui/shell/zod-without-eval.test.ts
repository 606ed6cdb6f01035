import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-without-eval.ts';

const nativeFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = nativeFunction;
});

it('the page’s zod parses objects without compiling a parser (no new Function under the CSP)', () => {
  const compiled: unknown[] = [];
  globalThis.Function = new Proxy(nativeFunction, {
    construct(target, args) {
      compiled.push(args);
      return Reflect.construct(target, args) as object;
    },
  });
  const schema = z.object({ city: z.string(), days: z.number().int() });
  for (let parse = 0; parse < 3; parse++) expect(schema.parse({ city: 'Paris', days: 3 })).toEqual({ city: 'Paris', days: 3 });
  expect(compiled).toEqual([]);
});
