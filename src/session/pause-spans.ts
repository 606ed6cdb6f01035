// Step mode's pauses as events of the run: how long the run waited on the person, so the timeline can
// take that time off its axis (issue 27: after a few steps the calls were slivers at 15 s of a 17 s axis).
import type { AgentRunEvent } from '../agent/index.ts';
import type { Clock } from '../core/index.ts';
import type { StepController } from './step-controller.ts';

/**
 * Emits a `step-pause-start` event when a pause begins (so the live timeline stops its axis there) and a
 * `step-pause` event when it ends (how long it was); returns the unsubscribe.
 */
export function recordPauses(stepper: StepController, clock: Pick<Clock, 'now'>, emit: (event: AgentRunEvent) => void): () => void {
  let open: { pausedAt: number; iteration: number } | undefined;
  return stepper.onPause((point) => {
    if (point) {
      if (open) return;
      open = { pausedAt: clock.now(), iteration: point.iteration };
      emit({ type: 'step-pause-start', iteration: point.iteration, time: open.pausedAt });
      return;
    }
    if (!open) return;
    const { pausedAt, iteration } = open;
    open = undefined;
    const time = clock.now();
    if (time > pausedAt) emit({ type: 'step-pause', iteration, pausedAt, time });
  });
}
