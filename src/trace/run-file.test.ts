import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline-builder.ts';
import { createRunFile, parseRunFile, serializeRunFile } from './run-file.ts';
import { flakyTool, progressTool, recordBatch, sleepTool } from './recorded-batches.test-support.ts';
import type { ChatMessage } from '../llm/index.ts';
import { formatForModel } from '../core/index.ts';

const messages: ChatMessage[] = [
  { role: 'user', content: 'weather?' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'slow', arguments: '{}' }] },
  { role: 'tool', toolCallId: 'a', name: 'slow', content: '{"echo":null}' },
];

describe('run file', () => {
  it('round-trips events and conversation, and the loaded run draws the same timeline', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 100), flakyTool('flaky', 1), progressTool('report', 2, 50)],
      [
        { id: 'a', name: 'slow', arguments: {} },
        { id: 'b', name: 'flaky', arguments: {} },
        { id: 'c', name: 'report', arguments: {} },
      ],
    );
    expect(events.some((event) => event.type === 'tool-call-progress')).toBe(true);
    const file = createRunFile({ kind: 'agent', events, messages, concurrencyLimit: 3, exportedAt: new Date(0) });
    const parsed = parseRunFile(serializeRunFile(file));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.run).toMatchObject({
      format: 'toolscope-run',
      version: 1,
      kind: 'agent',
      concurrencyLimit: 3,
      exportedAt: '1970-01-01T00:00:00.000Z',
    });
    expect(parsed.run.messages).toEqual(messages);
    expect(buildTimeline(parsed.run.events)).toEqual(buildTimeline(events));
  });

  it('refuses what is not a run file, saying where', () => {
    expect(parseRunFile('{ nope')).toMatchObject({ ok: false, problems: [expect.stringContaining('Not valid JSON')] });
    expect(parseRunFile(JSON.stringify({ format: 'other' }))).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.stringContaining('not a Toolscope run file')]),
    });
    const badEvent = {
      format: 'toolscope-run',
      version: 1,
      kind: 'agent',
      events: [{ type: 'attempt-start', time: 1, toolCallId: 'a', name: 't', attempt: 0, deadline: 5, timeoutMs: 4 }],
      messages: [],
    };
    expect(parseRunFile(JSON.stringify(badEvent))).toMatchObject({ ok: false, problems: [expect.stringMatching(/^events\.0\.attempt: /)] });
    const unknownType = { ...badEvent, events: [{ type: 'tool-call-exploded', time: 1 }] };
    expect(parseRunFile(JSON.stringify(unknownType)).ok).toBe(false);
    expect(parseRunFile(JSON.stringify({ ...badEvent, version: 2 }))).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.stringContaining('unsupported run file version')]),
    });
  });

  it('keeps fields it does not know, and puts shuffled events back in time order', () => {
    const events = [
      { type: 'tool-call-start', time: 5, toolCallId: 'a', name: 't', concurrency: 1, future: 'field' },
      { type: 'tool-call-queued', time: 1, toolCallId: 'a', name: 't', arguments: {}, index: 0 },
    ];
    const parsed = parseRunFile(JSON.stringify({ format: 'toolscope-run', version: 1, kind: 'test-call', events }));
    expect(parsed.ok && parsed.run.events.map((event) => event.type)).toEqual(['tool-call-queued', 'tool-call-start']);
    expect(parsed.ok && parsed.run.events[1]).toMatchObject({ future: 'field' });
    expect(parsed.ok && parsed.run.messages).toEqual([]);
  });

  it('writes an unlimited deadline as a number, since JSON has no Infinity', () => {
    const file = createRunFile({
      kind: 'test-call',
      events: [{ type: 'attempt-start', time: 0, toolCallId: 'a', name: 't', attempt: 1, deadline: Infinity, timeoutMs: Infinity }],
      messages: [],
    });
    expect(parseRunFile(serializeRunFile(file)).ok).toBe(true);
  });

  it('reads a run saved before results became a union: an error keeps the details the model read', () => {
    const issues = [{ path: 'city', message: 'Required' }];
    const end = {
      type: 'tool-call-end',
      time: 2,
      toolCallId: 'a',
      name: 'get_weather',
      result: {
        toolCallId: 'a',
        name: 'get_weather',
        status: 'error',
        result: { error: 'Invalid arguments for tool "get_weather": city: Required', details: issues },
        error: { kind: 'invalid_arguments', message: 'Invalid arguments for tool "get_weather": city: Required', issues, retryable: false },
        attempts: 0,
        queuedAt: 1,
        startedAt: 2,
        endedAt: 2,
        durationMs: 0,
        logs: [],
        attemptsDetail: [],
      },
    };
    const parsed = parseRunFile(JSON.stringify({ format: 'toolscope-run', version: 1, kind: 'test-call', events: [end] }));
    expect(parsed.ok).toBe(true);
    const result = parsed.ok && parsed.run.events[0]?.type === 'tool-call-end' ? parsed.run.events[0].result : null;
    expect(result).toMatchObject({ status: 'error', details: issues });
    expect(result && 'result' in result).toBe(false);
    expect(result && formatForModel(result)).toBe(JSON.stringify(end.result.result));
  });

  it('refuses an error result without its error', () => {
    const end = { type: 'tool-call-end', time: 2, toolCallId: 'a', name: 't', result: { toolCallId: 'a', name: 't', status: 'error' } };
    expect(parseRunFile(JSON.stringify({ format: 'toolscope-run', version: 1, kind: 'test-call', events: [end] }))).toMatchObject({
      ok: false,
    });
  });
});
