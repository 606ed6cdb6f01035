import { describe, expect, it } from 'vitest';
import { parseJsonWithPositions } from '../json-positions.ts';
import { parseScenario, scenarioJsonSchema } from './scenario.ts';

describe('parseScenario', () => {
  it('accepts a scenario with parallel calls, raw-string arguments and latency', () => {
    const parsed = parseScenario(
      JSON.stringify({
        name: 'Two cities',
        seed: 7,
        turns: [
          {
            text: 'Checking both.',
            toolCalls: [
              { name: 'get_weather', arguments: { city: 'Paris' } },
              { name: 'get_weather', arguments: '{"city": "Lon' },
            ],
            latencyMs: 400,
          },
          { text: 'Done.' },
        ],
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.scenario.turns[0]?.toolCalls?.[1]?.arguments).toBe('{"city": "Lon');
  });

  it('defaults missing arguments to {}', () => {
    const parsed = parseScenario('{"name":"n","turns":[{"toolCalls":[{"name":"ping"}]}]}');
    expect(parsed.ok && parsed.scenario.turns[0]?.toolCalls?.[0]?.arguments).toEqual({});
  });

  it('reports schema problems with their JSON path and line/column', () => {
    const text = [
      '{',
      '  "name": "broken",',
      '  "turns": [',
      '    { "text": "hi" },',
      '    { "toolCalls": [ { "arguments": {} } ], "latencyMs": -5 }',
      '  ]',
      '}',
    ].join('\n');
    const parsed = parseScenario(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byPath = Object.fromEntries(parsed.problems.map((problem) => [problem.path, problem]));
    // The missing name is marked on the tool call object that lacks it.
    expect(byPath['turns.1.toolCalls.0.name']?.range.start).toMatchObject({ line: 5, column: 22 });
    expect(byPath['turns.1.latencyMs']?.range.start).toMatchObject({ line: 5, column: 58 });
    expect(byPath['turns.1.latencyMs']?.message).toMatch(/>=\s*0|too small/i);
  });

  it('marks an unknown key where it is written', () => {
    const parsed = parseScenario('{"name":"n",\n"turns":[{"text":"x","latency":5}]}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems[0]?.message).toMatch(/latency/);
    expect(parsed.problems[0]?.range.start).toMatchObject({ line: 2, column: 32 });
  });

  it('requires text or tool calls in a turn, and at least one turn', () => {
    const empty = parseScenario('{"name":"n","turns":[{}]}');
    expect(!empty.ok && empty.problems[0]?.message).toMatch(/needs "text", "toolCalls"/);
    const none = parseScenario('{"name":"n","turns":[]}');
    expect(!none.ok && none.problems[0]?.path).toBe('turns');
  });

  it('gives JSON syntax errors a line and column', () => {
    const parsed = parseScenario('{\n  "name": "n",\n  "turns": [ { "text": "a" }, ]\n}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems[0]?.message).toMatch(/^Invalid JSON: Expected a value but found '\]' \(line 3, column 31\)/);
    expect(parsed.problems[0]?.range.start).toMatchObject({ line: 3, column: 31 });
  });

  it('reports an unterminated document at its end', () => {
    const result = parseJsonWithPositions('{"a": [1, 2');
    expect(result).toMatchObject({ ok: false, position: { line: 1, column: 12 } });
  });

  it('parses exactly what JSON.parse parses, and keeps __proto__ as data', () => {
    const text = '{"a":[1,-2.5e3,true,false,null,"x\\u0041\\n"],"__proto__":{"polluted":1},"b":{}}';
    const result = parseJsonWithPositions(text);
    expect(result.ok && result.value).toEqual(JSON.parse(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('scenarioJsonSchema', () => {
  it('describes the format for the editor', () => {
    const schema = scenarioJsonSchema() as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['name', 'description', 'prepare', 'seed', 'turns']);
    expect(schema.required).toEqual(['name', 'turns']);
  });
});
