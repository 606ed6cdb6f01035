import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import type { StreamDelta } from '../model-types.ts';
import { OpenAIStreamAccumulator } from './openai-stream.ts';

// Issue 20: the cases the recorded streams never show (mutation testing found them untested).
const endpoint: Endpoint = {
  provider: 'Proxy',
  url: 'http://proxy/v1/chat/completions',
  headers: {},
  secrets: ['sk-secret-key-123'],
  networkHint: '',
};

function accumulator(deltas: StreamDelta[] = []) {
  return new OpenAIStreamAccumulator(endpoint, (delta) => deltas.push(delta));
}

const finish = (reason = 'stop') => ({ choices: [{ delta: {}, finish_reason: reason }] });

describe('OpenAIStreamAccumulator edge cases', () => {
  it('refuses a chunk that is not an object', () => {
    for (const chunk of [null, 'text', 42]) {
      expect(() => accumulator().push(chunk)).toThrow(
        new ProviderError({
          kind: 'invalid_response',
          provider: 'Proxy',
          message: 'Proxy sent a response Toolscope cannot read: a stream chunk is not an object.',
        }),
      );
    }
  });

  it('turns an error inside a 200 stream into a server error, with its message or its JSON, cut at 300 characters', () => {
    const withMessage = (() => {
      try {
        accumulator().push({ error: { message: 'Upstream timed out' } });
      } catch (error) {
        return error as ProviderError;
      }
    })();
    expect(withMessage).toMatchObject({ kind: 'server', message: 'Proxy reported an error mid-stream: "Upstream timed out". Try again.' });
    expect(() => accumulator().push({ error: { code: 502 } })).toThrow('Proxy reported an error mid-stream: "{"code":502}". Try again.');
    expect(() => accumulator().push({ error: 'x'.repeat(400) })).toThrow(`"${'"' + 'x'.repeat(299)}". Try again.`);
    // A null error is no error.
    const fine = accumulator();
    fine.push({ error: null, ...finish() });
    expect(fine.result().finishReason).toBe('stop');
  });

  it('keeps the first response id for fallback ids, the last model name, and usage only when given', () => {
    const stream = accumulator();
    stream.push({
      id: 'first',
      model: 'm-1',
      choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'a', arguments: '{}' } }] } }],
    });
    stream.push({ id: 'second', model: 'm-2', usage: null, choices: [] });
    stream.push({ model: 7, usage: { prompt_tokens: 3, completion_tokens: 4 }, ...finish('tool_calls') });
    const result = stream.result();
    expect(result.toolCalls[0]?.id).toBe('first_0');
    expect(result.model).toBe('m-2');
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 4, totalTokens: 7 });
  });

  it('ignores choices that are missing or not objects, empty text and a non-string finish reason', () => {
    const deltas: StreamDelta[] = [];
    const stream = accumulator(deltas);
    stream.push({ choices: 'none' });
    stream.push({ choices: [null] });
    stream.push({ choices: [{ delta: { content: '' }, finish_reason: 3 }] });
    stream.push({ choices: [{ delta: { content: 7 } }] });
    stream.push({ choices: [{ delta: { content: 'Hi' } }] });
    stream.push({ choices: [{ delta: { tool_calls: 'not a list' } }] });
    expect(() => stream.result()).toThrow(/no finish_reason/);
    stream.push(finish());
    expect(stream.result()).toMatchObject({ content: 'Hi', toolCalls: [], finishReason: 'stop', rawFinishReason: 'stop' });
    expect(deltas).toEqual([{ type: 'text', text: 'Hi' }]);
  });

  it('announces a call once its name is known, with a fallback id when the server gives none', () => {
    const deltas: StreamDelta[] = [];
    const stream = accumulator(deltas);
    stream.push({ id: 'resp', choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '{"a"' } }] } }] });
    expect(deltas).toEqual([{ type: 'tool-call-arguments', index: 0, id: '', argumentsDelta: '{"a"' }]);
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'tool', arguments: ':1}' } }] } }] });
    stream.push(finish('tool_calls'));
    expect(deltas.slice(1)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'resp_0', name: 'tool' },
      { type: 'tool-call-arguments', index: 0, id: 'resp_0', argumentsDelta: ':1}' },
    ]);
    expect(stream.result().toolCalls).toEqual([{ id: 'resp_0', name: 'tool', arguments: '{"a":1}' }]);
  });

  it('gives a call that never got a name a fallback id in the result, and keeps an id that came after the name', () => {
    const stream = accumulator();
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '{}' } }] } }] });
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 1, function: { name: 'late_id', arguments: '{"x":' } }] } }] });
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 1, id: 'call_late', function: { arguments: '1}' } }] } }] });
    stream.push(finish('tool_calls'));
    expect(stream.result().toolCalls).toEqual([
      { id: 'call_0', name: '', arguments: '{}' },
      { id: 'call_late', name: 'late_id', arguments: '{"x":1}' },
    ]);
  });

  it('does not split on a different name while the arguments are incomplete or still empty', () => {
    const stream = accumulator();
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'first', arguments: '' } }] } }] });
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'other', arguments: '{"a":' } }] } }] });
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'other', arguments: '1}' } }] } }] });
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'second' } }] } }] });
    stream.push(finish('tool_calls'));
    expect(stream.result().toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['first', '{"a":1}'],
      ['second', ''],
    ]);
  });

  it('does not treat whitespace as complete arguments, nor a repeated server id as a new call', () => {
    const stream = accumulator();
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, id: 'call_a', function: { name: 'a', arguments: '  ' } }] } }] });
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, id: 'call_a', function: { name: 'a', arguments: '{}' } }] } }] });
    stream.push({ choices: [{ delta: { tool_calls: [{ index: 0, id: 'call_b', function: { name: 'b', arguments: '{}' } }] } }] });
    stream.push(finish('tool_calls'));
    expect(stream.result().toolCalls).toEqual([
      { id: 'call_a', name: 'a', arguments: '  {}' },
      { id: 'call_b', name: 'b', arguments: '{}' },
    ]);
  });

  it('says the stream is incomplete, and why the calls were not run, when it ends without a finish reason', () => {
    expect(() => accumulator().result()).toThrow(
      new ProviderError({
        kind: 'cut_off',
        provider: 'Proxy',
        message:
          'The stream from Proxy ended before the model finished (no finish_reason). The response is incomplete, so its tool calls were not run.',
      }),
    );
  });
});
