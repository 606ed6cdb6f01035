import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callArgumentLabels } from './call-labels.ts';
import { eagerCallArgumentLabels } from './eager-call-labels.test-support.ts';
import { recordBatch, sleepTool } from './recorded-batches.test-support.ts';
import { buildTimeline } from './timeline-builder.ts';
import type { CallRow } from './timeline-types.ts';

const call = (key: string, name: string, args: unknown): CallRow =>
  ({ kind: 'call', key, toolCallId: key, name, arguments: args }) as unknown as CallRow;

describe('callArgumentLabels (issue 14)', () => {
  it('labels ten calls of one tool by the part of their argument that differs', async () => {
    const regions = ['Nordics', 'Benelux', 'Iberia'];
    const { events } = await recordBatch(
      () => [sleepTool('slow_report', 100)],
      regions.map((region, index) => ({ id: `c${index}`, name: 'slow_report', arguments: { value: `Q3 sales in ${region}` } })),
    );
    const labels = callArgumentLabels(buildTimeline(events).calls);
    expect(['c0', 'c1', 'c2'].map((key) => labels.get(key))).toEqual(regions);
  });

  it('picks the argument whose values differ, from objects or JSON text', () => {
    const labels = callArgumentLabels([
      call('a', 'get_weather', { city: 'Paris', unit: 'celsius' }),
      call('b', 'get_weather', '{"city":"Oslo","unit":"celsius"}'),
      call('c', 'calculator', { expression: '1250 * 0.04' }),
    ]);
    expect(Object.fromEntries(['a', 'b', 'c'].map((key) => [key, labels.get(key)]))).toEqual({ a: 'Paris', b: 'Oslo', c: '1250 * 0.04' });
  });

  it('names a number argument, shortens long text and leaves calls without simple arguments unlabelled', () => {
    const labels = callArgumentLabels([
      call('n', 'flaky_api', { failures: 2 }),
      call('long', 'search_web', { query: 'a very long question about the history of the tool executor pattern' }),
      call('none', 'lookup_user', { fields: ['name'] }),
      call('broken', 'lookup_user', '{"user_id": '),
    ]);
    expect(labels.get('n')).toBe('failures 2');
    expect(labels.get('long')).toHaveLength(28);
    expect(labels.get('long')?.endsWith('…')).toBe(true);
    expect(labels.has('none')).toBe(false);
    expect(labels.has('broken')).toBe(false);
  });

  it('always leaves at least one word, and leaves the text of a single call whole', () => {
    const labels = callArgumentLabels([
      call('x', 'search_web', { query: 'tool executor' }),
      call('y', 'search_web', { query: 'tool executor pattern' }),
      call('z', 'get_weather', { city: 'New York' }),
    ]);
    expect([labels.get('x'), labels.get('y'), labels.get('z')]).toEqual(['executor', 'executor pattern', 'New York']);
  });

  // Words from a small vocabulary (and empty words from doubled spaces), so texts share heads and tails often.
  const word = fc.constantFrom('Q3', 'sales', 'in', 'Nordics', 'Benelux', '', 'a', 'tool', 'executor', 'pattern-of-many-letters');
  const text = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
  const value = fc.oneof(text, text, fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null), fc.constant(['list']));
  const argumentsObject = fc.dictionary(fc.constantFrom('query', 'city', 'n', 'constructor', '__proto__'), value, { maxKeys: 4 });
  const callArguments = fc.oneof(
    argumentsObject,
    argumentsObject,
    argumentsObject.map((object) => JSON.stringify(object)),
    fc.constantFrom('{"user_id": ', 'null', '[1]', '"text"', 7, null),
  );
  const calls = fc
    .array(fc.record({ name: fc.constantFrom('search_web', 'get_weather', 'flaky_api'), arguments: callArguments }), { maxLength: 40 })
    .map((drawn) => drawn.map((call, index) => ({ key: `call-${index}`, ...call })));

  it('gives every call the label the eager wording gives it, over random calls (ADR 0022)', () => {
    fc.assert(
      fc.property(calls, (drawn) => {
        const lazy = callArgumentLabels(drawn);
        const eager = eagerCallArgumentLabels(drawn);
        for (const call of drawn) {
          expect(lazy.get(call.key)).toBe(eager.get(call.key));
          expect(lazy.has(call.key)).toBe(eager.has(call.key));
        }
        expect(lazy.get('not-a-call')).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});
