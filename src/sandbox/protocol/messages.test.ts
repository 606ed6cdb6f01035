import { describe, expect, it } from 'vitest';
import { frameToHostMessageSchema } from './frame-messages.ts';
import { checkHostToFrameMessage, checkHostToWorkerMessage, checkWorkerConnectMessage } from './host-message-guards.ts';
import { workerToHostMessageSchema } from './worker-messages.ts';

describe('frame messages', () => {
  it('accepts the messages the host sends, with a real MessagePort', () => {
    const { port1 } = new MessageChannel();
    expect(checkHostToFrameMessage({ type: 'start-worker', workerId: 'w1', moduleScript: 'x', role: 'code', port: port1 }).ok).toBe(true);
    expect(checkHostToFrameMessage({ type: 'start-worker', workerId: 'w1', role: 'compile', port: port1 }).ok).toBe(true);
    expect(checkHostToFrameMessage({ type: 'ping', pingId: 3 }).ok).toBe(true);
    expect(checkHostToFrameMessage({ type: 'configure-pool', harnessSource: 'h', zodSource: 'z', size: 4 }).ok).toBe(true);
    port1.close();
  });

  it('rejects unknown types, missing ports, wrong roles and sources that are not text', () => {
    const { port1 } = new MessageChannel();
    expect(checkHostToFrameMessage({ type: 'eval', code: '1' })).toEqual({ ok: false, problem: 'unknown message type "eval"' });
    expect(checkHostToFrameMessage({ type: 'start-worker', workerId: 'w1', moduleScript: 'x', role: 'code', port: {} }).ok).toBe(false);
    expect(checkHostToFrameMessage({ type: 'start-worker', workerId: 'w1', moduleScript: 'x', role: 'root', port: port1 }).ok).toBe(false);
    expect(checkHostToFrameMessage({ type: 'start-worker', workerId: '', role: 'code', port: port1 }).ok).toBe(false);
    expect(checkHostToFrameMessage({ type: 'start-worker', workerId: 'w1', role: 'code', port: port1, moduleScript: 5 }).ok).toBe(false);
    expect(checkHostToFrameMessage({ type: 'configure-pool', harnessSource: 'h', size: 4 }).ok).toBe(false);
    expect(checkHostToFrameMessage(null).ok).toBe(false);
    expect(checkWorkerConnectMessage({ type: 'connect', role: 'schema', zod: new Blob(['zod']) }).ok).toBe(true);
    expect(checkWorkerConnectMessage({ type: 'connect', role: 'schema', zod: null }).ok).toBe(true);
    expect(checkWorkerConnectMessage({ type: 'connect', role: 'schema' }).ok).toBe(false);
    expect(checkWorkerConnectMessage({ type: 'connect', role: 'schema', zod: 'blob:null/x' }).ok).toBe(false);
    port1.close();
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
  });

  it('checks host messages in the worker', () => {
    const context = { toolCallId: 'c', attempt: 1, env: { a: 'b' }, idempotencyKey: 'k' };
    expect(checkHostToWorkerMessage({ type: 'execute', input: { a: 1 }, context }).ok).toBe(true);
    expect(checkHostToWorkerMessage({ type: 'execute', input: {}, context: { ...context, attempt: 0 } }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'execute', input: {}, context: { ...context, env: { a: 1 } } }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'execute', context }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'execute', input: {}, context: { ...context, localTimers: true } }).ok).toBe(true);
    expect(checkHostToWorkerMessage({ type: 'execute', input: {}, context: { ...context, localTimers: 'yes' } }).ok).toBe(false);
    const response = { url: 'u', status: 200, statusText: 'OK', headers: [['a', 'b']], body: '' };
    expect(checkHostToWorkerMessage({ type: 'fetch-response', requestId: 1, response }).ok).toBe(true);
    expect(checkHostToWorkerMessage({ type: 'fetch-response', requestId: 1, response: { ...response, status: 0 } }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'fetch-response', requestId: 1, response: { ...response, headers: [['a']] } }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'load-module', requestId: 2, role: 'schema', source: 'x', needsZod: true }).ok).toBe(true);
    expect(checkHostToWorkerMessage({ type: 'load-module', requestId: 2, role: 'compile', source: 'x', needsZod: true }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'load-module', requestId: 2, role: 'schema', source: 'x' }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'validate', requestId: -1, args: {} }).ok).toBe(false);
    expect(checkHostToWorkerMessage({ type: 'sleep-done', requestId: 3 }).ok).toBe(true);
    expect(checkHostToWorkerMessage({ type: 'sleep-failed', requestId: 3 }).ok).toBe(false);
  });
});
