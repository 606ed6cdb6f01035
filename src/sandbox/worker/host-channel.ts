import { toBoundedJson } from '../bounded-json.ts';
import type { HostToWorkerMessage, LogLevel, WorkerToHostMessage } from '../protocol/worker-messages.ts';

// The worker's end of its port to the host: posting, request/response pairs (fetch, sleep) and
// captured logs. The port is kept in this closure only; user code never gets a reference to it.

type Reply = Extract<HostToWorkerMessage, { requestId: number }>;

const maxLogMessages = 1_000;
const logValueLimits = { maxTotalLength: 20_000, maxStringLength: 10_000, maxDepth: 10, maxArrayItems: 100, maxObjectKeys: 100 };

export class HostChannel {
  private nextRequestId = 1;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private logCount = 0;

  constructor(private readonly port: MessagePort) {}

  post(message: WorkerToHostMessage): void {
    this.port.postMessage(message);
  }

  /** Sends a request and resolves with the host's reply to it (the caller reads success or failure). */
  request(build: (requestId: number) => WorkerToHostMessage, signal: AbortSignal): Promise<Reply> {
    const requestId = this.nextRequestId++;
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        this.pending.delete(requestId);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(requestId, (reply) => {
        signal.removeEventListener('abort', onAbort);
        resolve(reply);
      });
      this.post(build(requestId));
    });
  }

  /** Hands a host reply to whoever is waiting for it; replies nobody waits for (aborted) are dropped. */
  settle(reply: Reply): void {
    const resolve = this.pending.get(reply.requestId);
    this.pending.delete(reply.requestId);
    resolve?.(reply);
  }

  log(level: LogLevel, values: unknown[]): void {
    this.logCount++;
    if (this.logCount > maxLogMessages) {
      if (this.logCount === maxLogMessages + 1) {
        this.post({
          type: 'log',
          level: 'warn',
          values: [`Log limit reached: only the first ${maxLogMessages} messages of a call are kept`],
        });
      }
      return;
    }
    const shown = values.slice(0, 100).map((value) => (typeof value === 'string' ? value : toBoundedJson(value, logValueLimits).value));
    const serialized = toBoundedJson(shown, { ...logValueLimits, maxTotalLength: 40_000, maxDepth: 12 });
    this.post({ type: 'log', level, values: Array.isArray(serialized.value) ? serialized.value : [serialized.value] });
  }
}

/** console.* in user code goes to the call's log, like ctx.log, instead of the devtools of a hidden frame. */
export function captureConsole(channel: HostChannel): void {
  const levels: LogLevel[] = ['log', 'info', 'warn', 'error', 'debug'];
  const target = console as unknown as Record<LogLevel, (...values: unknown[]) => void>;
  for (const level of levels) {
    target[level] = (...values: unknown[]) => channel.log(level, values);
  }
}
