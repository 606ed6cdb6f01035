// A run reduced to what assertions look at: its tool calls in the order they were made, how each ended,
// and the final answer. Times are the run's own clock (virtual in tests), in ms.

export interface TrajectoryCall {
  toolCallId: string;
  name: string;
  /** As the model sent them, parsed when they were JSON text. */
  arguments: unknown;
  status: 'success' | 'error';
  /** The executor's error kind, for a call that failed. */
  errorKind?: string;
  /** Agent iteration that asked for it (0 for a test call). */
  iteration: number;
  startedAt: number;
  endedAt: number;
}

export interface Trajectory {
  calls: TrajectoryCall[];
  finalAnswer: string | null;
  startedAt: number;
  endedAt: number;
}
