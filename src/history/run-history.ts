// Every run kept in IndexedDB (through idb), so the Runs list survives a reload. Two promises hold:
// storage trouble never blocks the app (an unopenable or damaged database leaves the history
// unavailable or skips the damaged records, with a reason to show), and a full disk never loses the new
// run silently (the oldest runs go first, and the caller is told which).
import { wrap, type IDBPDatabase } from 'idb';
import { messageOf, type Result } from '../core/index.ts';
import { isQuotaError, withTimeout } from './storage-errors.ts';
import { storedRunBodySchema, storedRunSummarySchema, type NewStoredRun, type StoredRunBody, type StoredRunSummary } from './stored-run.ts';

const summaries = 'summaries';
const bodies = 'bodies';
export const defaultHistoryName = 'toolscope-runs';

export interface RunHistoryOptions {
  /** The IndexedDB to use: the browser's by default, fake-indexeddb in tests. */
  indexedDB?: IDBFactory;
  name?: string;
  /** Runs kept at most; the oldest go first. */
  maxRuns?: number;
  /** An open blocked by another tab (or a hung backing store) gives up after this long. */
  openTimeoutMs?: number;
  /** Ids of new runs (injected so tests can predict them). */
  createId?: () => string;
}

export interface AddResult {
  /** The new run's id, or null when it could not be kept. */
  id: string | null;
  /** Older runs removed because the browser's storage was full, oldest first. */
  evicted: StoredRunSummary[];
  /** Older runs removed because more than `maxRuns` were kept (storage had room), oldest first. */
  overLimit: StoredRunSummary[];
  /** The most runs kept (`maxRuns`), for saying why `overLimit` went. */
  maxRuns: number;
  problem?: string;
}

export interface ListResult {
  runs: StoredRunSummary[];
  /** Records that failed their check and were skipped. */
  damaged: number;
  /** Set when the history cannot be read at all. */
  problem?: string;
}

export type LoadResult = Result<{ summary: StoredRunSummary; body: StoredRunBody }, { problem: string }>;

export class RunHistory {
  private constructor(
    private readonly database: IDBPDatabase | null,
    /** Why the history is unavailable; null when it works. */
    readonly problem: string | null,
    private readonly maxRuns: number,
    private readonly createId: () => string,
  ) {}

  /** Never rejects: a database that cannot be opened gives a history that keeps nothing and says why. */
  static async open(options: RunHistoryOptions = {}): Promise<RunHistory> {
    const maxRuns = options.maxRuns ?? 300;
    const createId = options.createId ?? (() => crypto.randomUUID());
    const factory = options.indexedDB ?? globalThis.indexedDB;
    if (!factory) return new RunHistory(null, 'This browser has no IndexedDB: runs are not kept.', maxRuns, createId);
    try {
      // idb's openDB always uses the global indexedDB; opening through `wrap` lets a test pass its own.
      const request = factory.open(options.name ?? defaultHistoryName, 1);
      request.addEventListener('upgradeneeded', () => {
        request.result.createObjectStore(summaries, { keyPath: 'id' });
        request.result.createObjectStore(bodies, { keyPath: 'id' });
      });
      const opening = wrap(request) as Promise<IDBPDatabase>;
      const database = await withTimeout(opening, options.openTimeoutMs ?? 5_000, 'opening the run history timed out');
      if (!database.objectStoreNames.contains(summaries) || !database.objectStoreNames.contains(bodies)) {
        database.close();
        return new RunHistory(null, 'The run history database has an unexpected shape: runs are not kept.', maxRuns, createId);
      }
      return new RunHistory(database, null, maxRuns, createId);
    } catch (error) {
      return new RunHistory(null, `The run history could not be opened (${messageOf(error)}): runs are not kept.`, maxRuns, createId);
    }
  }

  get available(): boolean {
    return this.database !== null;
  }

  /**
   * Keeps a run; on a full quota removes the oldest runs until it fits (or none are left). With `id`, the
   * record of that id is replaced: a run still going is kept as it goes, its end replaces what it kept.
   */
  async add(run: NewStoredRun, options: { id?: string } = {}): Promise<AddResult> {
    const database = this.database;
    if (!database) return { id: null, evicted: [], overLimit: [], maxRuns: this.maxRuns, problem: this.problem ?? undefined };
    const id = options.id ?? this.createId();
    const body = { ...run.body, id };
    const summary: StoredRunSummary = { ...run.summary, id, size: JSON.stringify(body).length };
    const evicted: StoredRunSummary[] = [];
    const overLimit: StoredRunSummary[] = [];
    const { maxRuns } = this;
    try {
      for (;;) {
        try {
          await writeRun(database, summary, body);
          break;
        } catch (error) {
          if (!isQuotaError(error)) throw error;
          const oldest = (await this.list()).runs.filter((kept) => kept.id !== id).at(-1);
          if (!oldest)
            return {
              id: null,
              evicted,
              overLimit,
              maxRuns,
              problem: `The run is too large for this browser's storage (${summary.size} characters).`,
            };
          if (!(await this.remove(oldest.id))) throw error;
          evicted.push(oldest);
        }
      }
      const { runs } = await this.list();
      for (const extra of runs.slice(maxRuns).reverse()) if (await this.remove(extra.id)) overLimit.push(extra);
      return { id, evicted, overLimit, maxRuns };
    } catch (error) {
      return { id: null, evicted, overLimit, maxRuns, problem: `The run could not be kept: ${messageOf(error)}` };
    }
  }

  /** Newest first. Damaged summaries are skipped and counted. */
  async list(): Promise<ListResult> {
    if (!this.database) return { runs: [], damaged: 0, problem: this.problem ?? undefined };
    try {
      const records: unknown[] = await this.database.getAll(summaries);
      const runs: StoredRunSummary[] = [];
      for (const record of records) {
        const checked = storedRunSummarySchema.safeParse(record);
        if (checked.success) runs.push(checked.data);
      }
      runs.sort((left, right) => right.startedAt - left.startedAt);
      return { runs, damaged: records.length - runs.length };
    } catch (error) {
      return { runs: [], damaged: 0, problem: `The run history could not be read: ${messageOf(error)}` };
    }
  }

  async load(id: string): Promise<LoadResult> {
    if (!this.database) return { ok: false, problem: this.problem ?? 'The run history is unavailable.' };
    try {
      const [summaryRecord, bodyRecord] = await Promise.all([this.database.get(summaries, id), this.database.get(bodies, id)]);
      const summary = storedRunSummarySchema.safeParse(summaryRecord);
      if (!summaryRecord || !bodyRecord) return { ok: false, problem: 'This run is no longer kept.' };
      const body = storedRunBodySchema.safeParse(bodyRecord);
      if (!summary.success || !body.success) {
        const issue = (summary.success ? body.error : summary.error)?.issues[0];
        const where = issue ? ` (${issue.path.map(String).join('.') || 'the record'}: ${issue.message})` : '';
        return { ok: false, problem: `This run's record is damaged${where}; delete it.` };
      }
      // Validated for every field the app reads; the schema is looser than the TypeScript types.
      return { ok: true, summary: summary.data, body: body.data as unknown as StoredRunBody };
    } catch (error) {
      return { ok: false, problem: `The run could not be read: ${messageOf(error)}` };
    }
  }

  /** False when the run could not be deleted (the database failed). */
  async remove(id: string): Promise<boolean> {
    if (!this.database) return false;
    try {
      const transaction = this.database.transaction([summaries, bodies], 'readwrite');
      await Promise.all([transaction.objectStore(summaries).delete(id), transaction.objectStore(bodies).delete(id), transaction.done]);
      return true;
    } catch {
      return false;
    }
  }

  /** Deletes the records that fail their check; returns how many went. */
  async removeDamaged(): Promise<number> {
    if (!this.database) return 0;
    try {
      const records: unknown[] = await this.database.getAll(summaries);
      const keys = await this.database.getAllKeys(summaries);
      let removed = 0;
      for (const [index, record] of records.entries())
        if (!storedRunSummarySchema.safeParse(record).success && (await this.remove(String(keys[index])))) removed++;
      return removed;
    } catch {
      return 0;
    }
  }

  close(): void {
    this.database?.close();
  }
}

/**
 * Puts both halves of a run in one transaction. A browser may refuse a write by throwing, by failing the
 * request or by aborting the transaction; each way ends here as one thrown error, the quota one preferred,
 * and nothing is left half written or unhandled.
 */
async function writeRun(database: IDBPDatabase, summary: StoredRunSummary, body: StoredRunBody): Promise<void> {
  const transaction = database.transaction([summaries, bodies], 'readwrite');
  const writes: Promise<unknown>[] = [transaction.done];
  let thrown: unknown = undefined;
  try {
    writes.push(transaction.objectStore(summaries).put(summary));
    writes.push(transaction.objectStore(bodies).put(body));
  } catch (error) {
    thrown = error;
    try {
      transaction.abort();
    } catch {
      // Already finished: nothing to undo.
    }
  }
  const failures = (await Promise.allSettled(writes)).flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  const errors = [thrown, ...failures, transaction.error].filter((error) => error !== undefined && error !== null);
  if (errors.length > 0) throw errors.find(isQuotaError) ?? errors[0];
}
