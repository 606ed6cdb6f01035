// A run still going is kept in the run history as it goes, reading "interrupted" (what it is if the page goes
// now), so a reload in the middle keeps its events so far and the calls that had finished; its end replaces the
// record. An IndexedDB write is asynchronous, and a page that goes away may not finish one, so the run is
// written while it runs (at most every `intervalMs`, one write at a time), and when the page goes (`leave`)
// its last state is also put in synchronous storage, which the next page moves into the history first.
import type { NewStoredRun, RunHistory } from '../history/index.ts';
import type { StorageLike } from '../workspace/index.ts';

interface Progress {
  key: string;
  /** The record's id, chosen before the first write so that every copy of the run (IndexedDB, `leave`) is one record. */
  id: string;
  snapshot: () => NewStoredRun;
  timer: ReturnType<typeof setTimeout> | null;
  writing: Promise<void> | null;
  /** Events came while a write was going: another write follows. */
  dirty: boolean;
  lastWriteAt: number;
  /** How long the last write took (ms): a big run's write waits longer, so writing stays a small share of the page's time. */
  lastWriteMs: number;
}

export interface RunCheckpointOptions {
  intervalMs?: number;
  now?: () => number;
  createId?: () => string;
  /** Where `leave` puts the runs still going (localStorage in the app); absent, only IndexedDB keeps them. */
  pending?: StorageLike;
}

/** `toolscope.runs.pending.<progress key>`: a run the page left while it ran, not yet in the history. */
export const pendingRunPrefix = 'toolscope.runs.pending.';
/**
 * The next write waits at least this many times as long as the last one took, so writes take at most 4 %
 * of a run's time (more only for writes over 200 ms, which `longestSpacingMs` caps). Each write copies the
 * whole run so far: at every 500 ms, a turn of 1,000 calls spent more and more of its frames on writes
 * (issue 30); at 9 times, its checkpoints still cost ~0.5 s of the page's CPU and 3 % of its wall time
 * (alternating builds).
 */
const writeSpacing = 24;
/** However long writes take, a run going on is written at least this often: a crash loses no more of it. */
const longestSpacingMs = 5_000;
/** A run bigger than this (in characters) is not put in synchronous storage: its last IndexedDB write stands. */
const largestPendingRun = 1_000_000;

interface PendingRun {
  id: string;
  run: NewStoredRun;
}

export class RunCheckpoints {
  private readonly runs = new Map<string, Progress>();
  /** Runs that ended: an event that comes later (a call settling after its deadline) starts no new record. */
  private readonly ended = new Set<string>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly createId: () => string;
  private readonly pending: StorageLike | undefined;
  /** The history, once the runs an earlier page left behind are in it. */
  readonly history: Promise<RunHistory>;

  constructor(
    history: Promise<RunHistory>,
    { intervalMs = 500, now = Date.now, createId = () => crypto.randomUUID(), pending }: RunCheckpointOptions = {},
  ) {
    this.intervalMs = intervalMs;
    this.now = now;
    this.createId = createId;
    this.pending = pending;
    this.history = history.then(async (opened) => {
      await this.recover(opened);
      return opened;
    });
  }

  /** The run of `key` has a new event; `snapshot` gives it as it is now. */
  progress(key: string, snapshot: () => NewStoredRun): void {
    if (this.ended.has(key)) return;
    let run = this.runs.get(key);
    if (!run) {
      run = { key, id: this.createId(), snapshot, timer: null, writing: null, dirty: false, lastWriteAt: -Infinity, lastWriteMs: 0 };
      this.runs.set(key, run);
    }
    run.snapshot = snapshot;
    if (run.writing) run.dirty = true;
    else this.schedule(run);
  }

  /** The run ended: no more writes for it. Resolves with the id its record has (undefined: it had no event). */
  async finish(key: string): Promise<string | undefined> {
    this.ended.add(key);
    const run = this.runs.get(key);
    if (!run) return undefined;
    if (run.timer) clearTimeout(run.timer);
    // A write that failed leaves the record as it was; the run's end replaces it all the same.
    await run.writing?.catch(() => undefined);
    this.runs.delete(key);
    return run.id;
  }

  /** Records of runs still going in this page: not to be listed as interrupted. */
  inProgressIds(): ReadonlySet<string> {
    return new Set([...this.runs.values()].map((run) => run.id));
  }

  /** The page is going (pagehide): every run still going is put, as it is now, where the next page finds it. */
  leave(): void {
    if (!this.pending) return;
    for (const run of this.runs.values()) {
      const text = JSON.stringify({ id: run.id, run: run.snapshot() } satisfies PendingRun);
      if (text.length > largestPendingRun) continue;
      try {
        this.pending.setItem(pendingRunPrefix + run.key, text);
      } catch {
        // Full storage: the last IndexedDB write stands for this run.
      }
    }
  }

  /** Moves the runs an earlier page left (see `leave`) into the history, replacing their older records. */
  private async recover(history: RunHistory): Promise<void> {
    const storage = this.pending;
    if (!storage?.key || storage.length === undefined) return;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(pendingRunPrefix)) keys.push(key);
    }
    for (const key of keys) {
      const left = parsePendingRun(storage.getItem(key));
      if (left) await history.add(left.run, { id: left.id });
      storage.removeItem(key);
    }
  }

  private schedule(run: Progress): void {
    if (run.timer) return;
    const spacing = Math.max(this.intervalMs, Math.min(longestSpacingMs, run.lastWriteMs * writeSpacing));
    const wait = Math.max(0, run.lastWriteAt + spacing - this.now());
    run.timer = setTimeout(() => {
      run.timer = null;
      const startedAt = this.now();
      run.writing = this.write(run).finally(() => {
        run.writing = null;
        run.lastWriteAt = this.now();
        run.lastWriteMs = run.lastWriteAt - startedAt;
        if (run.dirty && !this.ended.has(run.key)) {
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
    await history.add(run.snapshot(), { id: run.id });
  }
}

/** A pending run as the earlier page wrote it; null when it is not one (edited or damaged storage). */
function parsePendingRun(text: string | null): PendingRun | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('run' in value)) return null;
    const { id, run } = value as { id?: unknown; run: unknown };
    if (typeof id !== 'string' || typeof run !== 'object' || run === null || !('summary' in run) || !('body' in run)) return null;
    return { id, run: run as NewStoredRun };
  } catch {
    return null;
  }
}
