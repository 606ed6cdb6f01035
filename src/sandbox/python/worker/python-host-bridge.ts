import type { FetchRequestData, LogLevel } from '../../protocol/worker-messages.ts';
import type { HostChannel } from '../../worker/host-channel.ts';

// The object toolscope.py's `ctx` calls into: each capability is a message to the host, as for a
// TypeScript tool (worker/worker-context.ts), with JSON text across the language boundary. Requests
// are never aborted from this side: the host answers them when the call's signal fires, and Python
// sees the cancellation itself (toolscope._cancel).

const never = new AbortController().signal;

export function pythonHostBridge(channel: HostChannel, aborted: () => boolean) {
  return {
    aborted,
    log(level: LogLevel, valuesJson: string): void {
      channel.log(level, JSON.parse(valuesJson) as unknown[]);
    },
    async sleep(milliseconds: number): Promise<void> {
      const reply = await channel.request(
        (requestId) => ({ type: 'sleep', requestId, milliseconds: Math.max(0, Number(milliseconds) || 0) }),
        never,
      );
      if (reply.type === 'sleep-failed') throw new Error(reply.message);
    },
    async fetch(requestJson: string): Promise<string> {
      const request = JSON.parse(requestJson) as FetchRequestData;
      const reply = await channel.request((requestId) => ({ type: 'fetch', requestId, request }), never);
      if (reply.type === 'fetch-response') return JSON.stringify({ response: reply.response });
      return JSON.stringify({ error: reply.type === 'fetch-failed' ? reply.message : 'fetch: unexpected reply from the host' });
    },
  };
}
