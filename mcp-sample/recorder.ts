// What the sample server saw, for people (printed) and for the e2e tests (GET /test/events): every
// tools/call, every notifications/cancelled, and tools that kept working after they were cancelled.

export interface RecordedCall {
  at: number;
  session: string;
  requestId: string | number;
  tool: string;
  arguments: unknown;
}

export interface RecordedCancellation {
  at: number;
  session: string;
  requestId: string | number;
  /** The tool of the cancelled request, when the server saw the request. */
  tool: string | null;
  reason: string | null;
}

export interface RecordedLateFinish {
  at: number;
  tool: string;
  requestId: string | number;
  /** How long after its cancellation the tool finished anyway. */
  afterCancelMs: number;
}

export interface SampleEvents {
  calls: RecordedCall[];
  cancellations: RecordedCancellation[];
  lateFinishes: RecordedLateFinish[];
  /** Requests answered with HTTP 503 (the flaky and destructive tools' transient failures). */
  refusals: { at: number; tool: string; requestId: string | number }[];
}

/** Kept bounded: a long session with the sample server must not grow without end. */
const maxEntries = 1000;

export class SampleRecorder {
  private events: SampleEvents = { calls: [], cancellations: [], lateFinishes: [], refusals: [] };

  constructor(private readonly print: (line: string) => void = () => {}) {}

  call(entry: Omit<RecordedCall, 'at'>): void {
    push(this.events.calls, { at: Date.now(), ...entry });
    this.print(`tools/call #${entry.requestId} ${entry.tool} ${JSON.stringify(entry.arguments)}`);
  }

  cancellation(entry: Omit<RecordedCancellation, 'at' | 'tool'>): void {
    const tool = this.events.calls.findLast((call) => call.session === entry.session && call.requestId === entry.requestId)?.tool ?? null;
    push(this.events.cancellations, { at: Date.now(), tool, ...entry });
    this.print(`notifications/cancelled #${entry.requestId} (${tool ?? 'unknown request'}): ${entry.reason ?? 'no reason given'}`);
  }

  lateFinish(entry: Omit<RecordedLateFinish, 'at'>): void {
    push(this.events.lateFinishes, { at: Date.now(), ...entry });
    this.print(`${entry.tool} #${entry.requestId} finished ${entry.afterCancelMs} ms after it was cancelled (it ignores cancellation)`);
  }

  refusal(tool: string, requestId: string | number): void {
    push(this.events.refusals, { at: Date.now(), tool, requestId });
    this.print(`HTTP 503 for ${tool} #${requestId} (a transient failure)`);
  }

  snapshot(): SampleEvents {
    return structuredClone(this.events);
  }

  reset(): void {
    this.events = { calls: [], cancellations: [], lateFinishes: [], refusals: [] };
  }
}

function push<Entry>(list: Entry[], entry: Entry): void {
  list.push(entry);
  if (list.length > maxEntries) list.shift();
}
