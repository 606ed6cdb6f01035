import { safeStringify } from './format-for-model.ts';
import type { LogEntry } from './tool-result.ts';

/** Lines kept per call: a tool logging in a loop must not exhaust memory or flood the inspector. */
export const maxLogEntriesPerCall = 500;

export function formatLogValues(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : safeStringify(value))).join(' ');
}

/** Collects a call's log lines, announcing each one as it is written. */
export class CallLogs {
  readonly entries: LogEntry[] = [];
  private dropped = 0;

  constructor(
    private readonly now: () => number,
    private readonly announce: (entry: LogEntry) => void,
  ) {}

  write(attempt: number, values: readonly unknown[]): void {
    if (this.entries.length >= maxLogEntriesPerCall) {
      this.dropped++;
      return;
    }
    const entry: LogEntry = { time: this.now(), attempt, message: formatLogValues(values) };
    this.entries.push(entry);
    this.announce(entry);
  }

  /** The lines for the result, with a last line saying how many were dropped, if any. */
  snapshot(): LogEntry[] {
    if (this.dropped === 0) return [...this.entries];
    // Lines are dropped only once the list is full, so there is a last line to take the attempt from.
    const last = this.entries.at(-1) as LogEntry;
    return [...this.entries, { time: this.now(), attempt: last.attempt, message: `(${this.dropped} more log lines dropped)` }];
  }
}
