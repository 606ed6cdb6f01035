// A run still going is kept in the run history as it goes, reading "interrupted" (what it is if the page goes
// now), so a reload in the middle keeps its events so far and the calls that had finished; its end replaces the
// record. An IndexedDB write is asynchronous, and a page that goes away may not finish one, so the run is
// written while it runs (at most every `intervalMs`, one write at a time), not only when the page goes.
import type { NewStoredRun, RunHistory } from '../history/index.ts';

interface Progress {
  /** The record's id, once the first write gave it one. */
  id: string | undefined;
  snapshot: () => NewStoredRun;
  timer: ReturnType<typeof setTimeout> | null;
  writing: Promise<void> | null;
  /** Events came while a write was going: another write follows. */
  dirty: boolean;
  lastWriteAt: number;
  ended: boolean;
}

export class RunCheckpoints {
  private readonly runs = new Map<string, Progress>();

  constructor(
    private readonly history: Promise<RunHistory>,
    private readonly intervalMs = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The run of `key` has a new event; `snapshot` gives it as it is now. */
  progress(key: string, snapshot: () => NewStoredRun): void {
    let run = this.runs.get(key);
    if (!run) {
      run = { id: undefined, snapshot, timer: null, writing: null, dirty: false, lastWriteAt: -Infinity, ended: false };
      this.runs.set(key, run);
    }
    if (run.ended) return;
    run.snapshot = snapshot;
    if (run.writing) run.dirty = true;
    else this.schedule(run);
  }

  /** The run ended: no more writes for it. Resolves with the id its record has (undefined: none yet). */
  async finish(key: string): Promise<string | undefined> {
    const run = this.runs.get(key);
    if (!run) return undefined;
    run.ended = true;
    if (run.timer) clearTimeout(run.timer);
    await run.writing;
    this.runs.delete(key);
    return run.id;
  }

  /** Records of runs still going in this page: not to be listed as interrupted. */
  inProgressIds(): ReadonlySet<string> {
    return new Set([...this.runs.values()].flatMap((run) => (run.id === undefined ? [] : [run.id])));
  }

  private schedule(run: Progress): void {
    if (run.timer) return;
    const wait = Math.max(0, run.lastWriteAt + this.intervalMs - this.now());
    run.timer = setTimeout(() => {
      run.timer = null;
      run.writing = this.write(run).finally(() => {
        run.writing = null;
        run.lastWriteAt = this.now();
        if (run.dirty && !run.ended) {
          run.dirty = false;
          this.schedule(run);
        }
      });
    }, wait);
  }

  private async write(run: Progress): Promise<void> {
    run.dirty = false;
    const history = await this.history;
    // A write that fails (full storage) is tried again on the next event; the run's end reports problems.
    const result = await history.add(run.snapshot(), run.id === undefined ? {} : { id: run.id });
    run.id ??= result.id ?? undefined;
  }
}
