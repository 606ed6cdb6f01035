import { describe, expect, it } from 'vitest';
import { summarizeTrafficMessage } from './traffic-summary.ts';

describe('summarizeTrafficMessage', () => {
  it('names requests, notifications, answers and errors with their ids', () => {
    expect(summarizeTrafficMessage({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'slow_report' } })).toBe(
      'tools/call #4 slow_report',
    );
    expect(
      summarizeTrafficMessage({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 4, progress: 2, total: 5, message: 'step 2' },
      }),
    ).toBe('notifications/progress 2/5 step 2');
    expect(
      summarizeTrafficMessage({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4, reason: 'timed out' } }),
    ).toBe('notifications/cancelled #4 (timed out)');
    expect(summarizeTrafficMessage({ jsonrpc: '2.0', id: 4, result: { content: [], isError: true } })).toBe('result #4 (isError)');
    expect(summarizeTrafficMessage({ jsonrpc: '2.0', id: 4, error: { code: -32603, message: 'Internal error' } })).toBe(
      'error #4: -32603 Internal error',
    );
    expect(summarizeTrafficMessage('HTTP 503')).toBe('HTTP 503');
    expect(summarizeTrafficMessage(null)).toBe('message');
  });
});
