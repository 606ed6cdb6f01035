// What the host accepts from a worker. The harness keeps results to 200 kB and logs to 1,000 lines, but
// tool code can post to the harness's port itself: 600 logs of 2 MB crashed the tab, and a 2M-item array
// held the main thread 13.7 s in the message check (issue 28). So every message is measured here first,
// without recursion and stopping at the first limit passed, and a worker that sends more is ended.

export const workerMessageLimits = {
  /** Values (objects, arrays, strings, numbers...) in one message: a 200 kB result holds far fewer. */
  valuesPerMessage: 100_000,
  /** Characters of strings (and keys) in one message: the 1 MB fetch body, with room. */
  charactersPerMessage: 2_000_000,
  /** Log messages of one worker: the harness sends at most 1,000 lines. */
  logsPerWorker: 1_100,
  /** Characters of everything one worker sends. */
  charactersPerWorker: 32_000_000,
};

/** How large a message is, counted up to a little past the limits (a compile worker sizes its reports with it too). */
export function measure(data: unknown): { values: number; characters: number } {
  let values = 0;
  let characters = 0;
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const value = pending.pop();
    values++;
    if (values > workerMessageLimits.valuesPerMessage || characters > workerMessageLimits.charactersPerMessage) break;
    if (typeof value === 'string') characters += value.length;
    else if (Array.isArray(value)) for (const item of value) pending.push(item);
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        characters += key.length;
        pending.push(item);
      }
  }
  return { values, characters };
}

/** One worker's account: `take` says why a message is too much, or undefined when it is accepted. */
export class MessageBudget {
  private logs = 0;
  private characters = 0;

  take(data: unknown): string | undefined {
    const size = measure(data);
    if (size.values > workerMessageLimits.valuesPerMessage)
      return `a message of more than ${workerMessageLimits.valuesPerMessage.toLocaleString('en')} values`;
    if (size.characters > workerMessageLimits.charactersPerMessage)
      return `a message of more than ${workerMessageLimits.charactersPerMessage.toLocaleString('en')} characters`;
    this.characters += size.characters;
    if (this.characters > workerMessageLimits.charactersPerWorker)
      return `more than ${workerMessageLimits.charactersPerWorker.toLocaleString('en')} characters in all`;
    if ((data as { type?: unknown } | null)?.type === 'log' && ++this.logs > workerMessageLimits.logsPerWorker)
      return `more than ${workerMessageLimits.logsPerWorker.toLocaleString('en')} log messages`;
    return undefined;
  }
}
