// Which failures of a call were injected (issue 19): the fault wrapper logs each one with a marker, so a
// run's events (live, kept in the history or loaded from a file) say so without a new kind of event.
import type { LogEntry } from '../core/index.ts';
import { injectedFaultOf } from '../faults/index.ts';

export interface InjectedFaultMark {
  attempt: number;
  /** Clock time the fault was injected (the start of its attempt, or after injected latency). */
  time: number;
  description: string;
}

export function injectedFaults(logs: readonly LogEntry[]): InjectedFaultMark[] {
  const marks: InjectedFaultMark[] = [];
  for (const entry of logs) {
    const description = injectedFaultOf(entry.message);
    if (description !== null) marks.push({ attempt: entry.attempt, time: entry.time, description });
  }
  return marks;
}
