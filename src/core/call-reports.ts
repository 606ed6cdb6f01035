import type { ProgressUpdate, TrafficDirection } from './tool-context.ts';
import type { ProgressEntry, TrafficEntry } from './tool-result.ts';

/**
 * Progress reports and traffic kept per call. A server that sends progress in a tight loop must not
 * exhaust memory or flood the timeline, so each kind stops being announced after a cap.
 */
export const maxReportsPerCall = 500;

export class CallReports {
  private progressCount = 0;
  private trafficCount = 0;

  constructor(
    private readonly now: () => number,
    private readonly announceProgress: (entry: ProgressEntry) => void,
    private readonly announceTraffic: (entry: TrafficEntry) => void,
  ) {}

  progress(attempt: number, update: ProgressUpdate): void {
    if (++this.progressCount > maxReportsPerCall) return;
    // Only finite numbers reach the timeline: a server's NaN or string must not break the drawing.
    const progress = Number(update?.progress);
    // From here on `update` is an object: a missing one has no finite progress.
    if (!Number.isFinite(progress)) return;
    const total = Number(update.total);
    this.announceProgress({
      time: this.now(),
      attempt,
      progress,
      ...(Number.isFinite(total) && total > 0 ? { total } : {}),
      ...(typeof update.message === 'string' && update.message !== '' ? { message: update.message } : {}),
    });
  }

  traffic(attempt: number, direction: TrafficDirection, message: unknown): void {
    if (++this.trafficCount > maxReportsPerCall) return;
    this.announceTraffic({ time: this.now(), attempt, direction, message });
  }
}
