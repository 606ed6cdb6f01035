// Many deadlines on one host timer. Every asynchronous attempt sets a deadline and nearly always
// cancels it soon after; a setTimeout plus clearTimeout per attempt costs about half a microsecond on
// Node, a quarter of a whole call. Here a deadline is an entry in a binary heap (by due time) and the
// host timer is armed for the earliest one only. A cancelled entry is only marked and dropped when it
// reaches the top, or when cancelled entries outnumber live ones (the heap is then rebuilt).

interface Entry {
  due: number;
  /** Undefined once cancelled or fired. */
  callback: (() => void) | undefined;
}

export class TimerQueue {
  private heap: Entry[] = [];
  private live = 0;
  private armedFor = Infinity;
  private armed: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Calls `callback` in `ms` (after `from`, if the caller has just read the time) unless the returned function is called first. */
  add(ms: number, callback: () => void, from?: number): () => void {
    const entry: Entry = { due: (from ?? this.now()) + ms, callback };
    this.push(entry);
    this.live++;
    // Stryker disable next-line EqualityOperator: re-arming for the same due time changes nothing.
    if (entry.due < this.armedFor) this.arm(entry.due);
    return () => this.cancel(entry);
  }

  private cancel(entry: Entry): void {
    if (!entry.callback) return;
    entry.callback = undefined;
    this.live--;
    // Nothing left to wait for: let the host go idle (a pending timer keeps a Node process alive).
    if (this.live === 0) {
      this.heap = [];
      this.disarm();
    } else /* Stryker disable ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator,BlockStatement,MethodExpression: when to compact, and the filter, only bound memory: cancelled entries are skipped either way. */ if (
      this.heap.length > 64 &&
      this.heap.length > this.live * 2
    ) {
      this.heap = this.heap.filter((candidate) => candidate.callback !== undefined);
      // Stryker restore all
      for (let index = (this.heap.length >> 1) - 1; index >= 0; index--) this.down(index);
    }
  }

  private fire(): void {
    this.armed = undefined;
    this.armedFor = Infinity;
    const now = this.now();
    const due: (() => void)[] = [];
    while (this.heap.length > 0 && (this.heap[0] as Entry).due <= now) {
      const entry = this.pop();
      if (!entry.callback) continue;
      due.push(entry.callback);
      entry.callback = undefined;
      this.live--;
    }
    // Stryker disable next-line ConditionalExpression: a cancelled entry left on top only wakes the timer once for nothing; what fires and when stays the same.
    while (this.heap.length > 0 && !(this.heap[0] as Entry).callback) this.pop();
    if (this.heap.length > 0) this.arm((this.heap[0] as Entry).due);
    for (const callback of due) callback();
  }

  private arm(due: number): void {
    this.disarm();
    this.armedFor = due;
    this.armed = setTimeout(() => this.fire(), Math.max(0, due - this.now()));
  }

  private disarm(): void {
    // Stryker disable next-line ConditionalExpression: clearTimeout(undefined) does nothing.
    if (this.armed !== undefined) clearTimeout(this.armed);
    this.armed = undefined;
    this.armedFor = Infinity;
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      // Stryker disable next-line EqualityOperator: a tie may go either way; the heap stays valid and promises no order among equal due times.
      if ((heap[parent] as Entry).due <= entry.due) break;
      heap[index] = heap[parent] as Entry;
      index = parent;
    }
    heap[index] = entry;
  }

  private pop(): Entry {
    const heap = this.heap;
    const top = heap[0] as Entry;
    const last = heap.pop() as Entry;
    if (heap.length > 0) {
      heap[0] = last;
      this.down(0);
    }
    return top;
  }

  private down(start: number): void {
    const heap = this.heap;
    const entry = heap[start] as Entry;
    let index = start;
    for (;;) {
      const left = index * 2 + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const hasRight = right < heap.length;
      // Stryker disable next-line EqualityOperator: a tie may go either way; the heap stays valid and promises no order among equal due times.
      const child = hasRight && (heap[right] as Entry).due < (heap[left] as Entry).due ? right : left;
      // Stryker disable next-line EqualityOperator: a tie may go either way; the heap stays valid and promises no order among equal due times.
      if ((heap[child] as Entry).due >= entry.due) break;
      heap[index] = heap[child] as Entry;
      index = child;
    }
    heap[index] = entry;
  }
}
