import { describe, expect, it } from 'vitest';
import { frameToHostMessageSchema, hostToFrameMessageSchema, workerConnectMessageSchema } from './frame-messages.ts';
import { hostToWorkerMessageSchema, workerToHostMessageSchema } from './worker-messages.ts';

describe('frame messages', () => {
  it('accepts the messages the host sends, with a real MessagePort', () => {
    const { port1 } = new MessageChannel();
    expect(
      hostToFrameMessageSchema.safeParse({ type: 'start-worker', workerId: 'w1', source: 'x', role: 'code', port: port1 }).success,
    ).toBe(true);
    expect(hostToFrameMessageSchema.safeParse({ type: 'ping', pingId: 3 }).success).toBe(true);
    port1.close();
  });

  it('rejects unknown types, missing ports and wrong roles', () => {
    expect(hostToFrameMessageSchema.safeParse({ type: 'eval', code: '1' }).success).toBe(false);
    expect(hostToFrameMessageSchema.safeParse({ type: 'start-worker', workerId: 'w1', source: 'x', role: 'code', port: {} }).success).toBe(
      false,
    );
    expect(
      hostToFrameMessageSchema.safeParse({ type: 'start-worker', workerId: 'w1', source: 'x', role: 'root', port: undefined }).success,
    ).toBe(false);
    expect(workerConnectMessageSchema.safeParse({ type: 'connect', role: 'schema' }).success).toBe(true);
  });

  it('checks what the iframe reports', () => {
    expect(
      frameToHostMessageSchema.safeParse({ type: 'worker-error', workerId: 'w1', message: 'Uncaught SyntaxError', line: 3, column: 8 })
        .success,
    ).toBe(true);
    expect(frameToHostMessageSchema.safeParse({ type: 'worker-error', workerId: 'w1', message: 'x', line: -1, column: 0 }).success).toBe(
      false,
    );
    expect(frameToHostMessageSchema.safeParse({ type: 'pong' }).success).toBe(false);
  });
});

describe('worker messages (untrusted: sent by user code)', () => {
  it('accepts results, logs and capability requests', () => {
    for (const message of [
      { type: 'loaded' },
      { type: 'executed', value: { a: [1, 'b', null] }, notes: [] },
      { type: 'log', level: 'warn', values: ['x', { y: 1 }] },
      { type: 'fetch', requestId: 1, request: { url: 'https://a.b', method: 'GET', headers: [['accept', 'text/plain']] } },
      { type: 'sleep', requestId: 2, milliseconds: 10 },
      { type: 'validated', requestId: 1, result: { success: false, issues: [{ path: 'a.0', message: 'bad' }] } },
      { type: 'execute-failed', error: { name: 'TransientError', message: 'busy', retryable: true, retryAfterMs: 100 } },
    ]) {
      expect(workerToHostMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it('rejects values that are not JSON, unknown levels, negative sleeps and oversized fields', () => {
    expect(workerToHostMessageSchema.safeParse({ type: 'executed', value: new Map(), notes: [] }).success).toBe(false);
    expect(workerToHostMessageSchema.safeParse({ type: 'executed', value: undefined, notes: [] }).success).toBe(false);
    expect(workerToHostMessageSchema.safeParse({ type: 'log', level: 'trace', values: [] }).success).toBe(false);
    expect(workerToHostMessageSchema.safeParse({ type: 'sleep', requestId: 1, milliseconds: -5 }).success).toBe(false);
    expect(workerToHostMessageSchema.safeParse({ type: 'execute-failed', error: { name: 'x'.repeat(201), message: '' } }).success).toBe(
      false,
    );
    expect(
      workerToHostMessageSchema.safeParse({ type: 'fetch', requestId: 1, request: { url: 'https://a.b', method: 'GET', headers: [['a']] } })
        .success,
    ).toBe(false);
    expect(workerToHostMessageSchema.safeParse({ type: 'schema-described', jsonSchema: [] }).success).toBe(false);
  });

  it('parses host messages in the worker', () => {
    expect(
      hostToWorkerMessageSchema.safeParse({
        type: 'execute',
        input: { a: 1 },
        context: { toolCallId: 'c', attempt: 1, env: {}, idempotencyKey: 'k' },
      }).success,
    ).toBe(true);
    expect(
      hostToWorkerMessageSchema.safeParse({
        type: 'execute',
        input: {},
        context: { toolCallId: 'c', attempt: 0, env: {}, idempotencyKey: 'k' },
      }).success,
    ).toBe(false);
    expect(
      hostToWorkerMessageSchema.safeParse({
        type: 'fetch-response',
        requestId: 1,
        response: { url: 'u', status: 0, statusText: '', headers: [], body: '' },
      }).success,
    ).toBe(false);
  });
});
