// Step mode: the agent loop's pause points held until the user says Continue, Step or Stop. While a run
// is paused the user may edit the tool calls about to run or the tool results about to go back to the
// model. Stop aborts the run's signal; a pause settles at once when that happens, so a paused run that
// is stopped ends like any other.
import type { AgentController, ModelCallPoint, ToolBatchPoint, ToolResultsPoint } from '../agent/index.ts';
import type { ModelToolCall, ToolMessage } from '../llm/index.ts';

export type PausePoint =
  ({ kind: 'model-call' } & ModelCallPoint) | ({ kind: 'tool-batch' } & ToolBatchPoint) | ({ kind: 'tool-results' } & ToolResultsPoint);

/** What the user changed while paused: the calls of a tool batch, or the tool messages of its results. */
export interface PauseEdit {
  calls?: ModelToolCall[];
  toolMessages?: ToolMessage[];
}

interface Pending {
  point: PausePoint;
  resume(edit: PauseEdit): void;
}

export class StepController implements AgentController {
  private pending: Pending | null = null;
  private readonly listeners = new Set<(point: PausePoint | null) => void>();
  private signal: AbortSignal | undefined;

  constructor(private stepping: boolean) {}

  /** The run's signal: once it aborts, every pause settles and no new one starts. */
  attach(signal: AbortSignal): this {
    this.signal = signal;
    signal.addEventListener('abort', () => this.settle({}), { once: true });
    return this;
  }

  get paused(): PausePoint | null {
    return this.pending?.point ?? null;
  }

  get isStepping(): boolean {
    return this.stepping;
  }

  /** Turning step mode on mid-run pauses at the next point; off lets a paused run go on. */
  setStepping(stepping: boolean): void {
    this.stepping = stepping;
    if (!stepping) this.settle({});
  }

  /** Goes on from the pause with the user's edits; `step` pauses again at the next point. */
  resume(edit: PauseEdit = {}, options: { step?: boolean } = {}): void {
    this.stepping = options.step ?? false;
    this.settle(edit);
  }

  onPause(listener: (point: PausePoint | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async beforeModelCall(point: ModelCallPoint): Promise<void> {
    await this.pause({ kind: 'model-call', ...point });
  }

  async beforeToolBatch(point: ToolBatchPoint): Promise<readonly ModelToolCall[]> {
    return (await this.pause({ kind: 'tool-batch', ...point })).calls ?? point.calls;
  }

  async afterToolBatch(point: ToolResultsPoint): Promise<readonly ToolMessage[]> {
    return (await this.pause({ kind: 'tool-results', ...point })).toolMessages ?? point.messages;
  }

  private pause(point: PausePoint): Promise<PauseEdit> {
    if (!this.stepping || this.signal?.aborted) return Promise.resolve({});
    // A second pause while one is pending cannot happen in one loop; settle the old one rather than leak it.
    this.settle({});
    return new Promise<PauseEdit>((resolve) => {
      this.pending = { point, resume: resolve };
      this.notify();
    });
  }

  private settle(edit: PauseEdit): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    pending.resume(edit);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.paused);
  }
}
