// The waits of one attempt (ToolContext.wait): each becomes a start and an end event, a phase of the call's
// bar, and while one waits on the person the attempt's deadline stands still. A person who takes a minute
// to fill in a server's form has not made the tool slow: only the tool's own time counts against its limit.
import type { ExecutorEventPayload } from './event-types.ts';
import type { Clock } from './clock.ts';
import type { PausableDeadline } from './deadline.ts';
import type { WaitDetail, WaitReason } from './tool-context.ts';

/** Where the waits report: the call, which emits their events. */
export interface WaitEmitter {
  emit(payload: ExecutorEventPayload): void;
}

/** The person first: while anything waits on them, that is what the call is doing. */
const reasonOrder: readonly WaitReason[] = ['user', 'connection', 'model'];

export class AttemptWaits {
  /** Open waits by their number. */
  private readonly open = new Map<number, WaitReason>();
  private count = 0;
  /** Set while the deadline stands still (a wait on the person is open): since when. */
  private pausedAt: number | undefined;
  private race: PausableDeadline | undefined;

  constructor(
    private readonly emitter: WaitEmitter,
    private readonly attempt: number,
    private readonly clock: Clock,
    /** The attempt's deadline; it moves on by every pause, once the pause ends. */
    public deadline: number,
  ) {}

  /** The race began: a pause asked for before (the tool waited at once) holds its deadline from now. */
  attach(race: PausableDeadline): void {
    this.race = race;
    if (this.pausedAt !== undefined) race.pause();
  }

  start(on: WaitReason, detail?: WaitDetail): (end?: WaitDetail) => void {
    const wait = ++this.count;
    this.open.set(wait, on);
    if (on === 'user' && this.pausedAt === undefined) {
      this.pausedAt = this.clock.now();
      this.race?.pause();
    }
    this.report('attempt-wait-start', wait, on, detail);
    return (end) => this.end(wait, end);
  }

  /** The attempt is over: waits still open end now (and their ends, called later, do nothing). */
  close(): void {
    for (const wait of [...this.open.keys()]) this.end(wait, undefined);
  }

  private end(wait: number, detail: WaitDetail | undefined): void {
    const on = this.open.get(wait);
    if (on === undefined) return;
    this.open.delete(wait);
    if (this.pausedAt !== undefined && !this.waitingOn().includes('user')) {
      this.deadline += this.clock.now() - this.pausedAt;
      this.pausedAt = undefined;
      this.race?.resume();
    }
    this.report('attempt-wait-end', wait, on, detail);
  }

  private waitingOn(): WaitReason[] {
    const reasons = new Set(this.open.values());
    return reasonOrder.filter((reason) => reasons.has(reason));
  }

  private report(type: 'attempt-wait-start' | 'attempt-wait-end', wait: number, on: WaitReason, detail: WaitDetail | undefined): void {
    this.emitter.emit({
      type,
      attempt: this.attempt,
      wait,
      on,
      waitingOn: this.waitingOn(),
      deadline: this.deadline,
      ...(detail?.message === undefined ? {} : { message: detail.message }),
      ...(detail?.model === undefined ? {} : { model: detail.model }),
      ...(detail?.usage === undefined ? {} : { usage: detail.usage }),
    });
  }
}
