// Public surface of the trace layer: events -> timeline model, viewport math, metrics and exports.
export type {
  AttemptRecord,
  CallRow,
  IterationRow,
  LaneModel,
  ModelCallRecord,
  ModelRow,
  SegmentKind,
  TimelineMark,
  TimelineModel,
  TimelineRow,
  TimelineSegment,
  WaitRecord,
} from './timeline-types.ts';
export { TimelineBuilder, buildTimeline } from './timeline-builder.ts';
export { callSegments, deadlineAsOf, isWaitSegment, type CallFacts } from './call-segments.ts';
export {
  carriedCallStatus,
  chipText,
  hasEnded,
  liveCallStatus,
  outcomeOf,
  statusAfter,
  statusLabel,
  type CallStatus,
  type LiveCallStatus,
} from './call-status.ts';
export { LaneAllocator, assignLanes, type RunningInterval } from './lanes.ts';
export {
  clampViewport,
  fitViewport,
  fractionOf,
  minimumSpanMs,
  panViewport,
  spanOf,
  timeAt,
  visibleSpan,
  zoomToRange,
  zoomViewport,
  type Viewport,
} from './viewport.ts';
export { formatDuration, niceStep, timeTicks, type Tick } from './time-ticks.ts';
export { runMetrics, type RunMetrics, type ToolRunMetrics, type VersionRunMetrics } from './run-metrics.ts';

export { metricsToPrometheus } from './prometheus-export.ts';
export { toChromeTrace, modelThread, slotThread, tracePid, type ChromeTrace, type TraceEvent } from './chrome-trace.ts';
export { createRunFile, parseRunFile, serializeRunFile, maxRunFileCharacters, type ParsedRunFile, type RunFile } from './run-file.ts';
export { inspectCall, type CallInspection } from './call-inspection.ts';
export { SteppingClock } from './stepping-clock.ts';
export { runOnRealClock } from './real-time-run.ts';
export { runOnVirtualClock, type VirtualRunOptions, type VirtualRunResult, type VirtualRunSettings } from './virtual-run.ts';
export {
  applyVariant,
  comparisonVariants,
  defaultComparisonVariantIds,
  describeSettings,
  type ComparisonVariant,
} from './comparison-variants.ts';
export { bestVariants, comparisonFigures, type ComparisonFigures, type FigureName } from './comparison-figures.ts';
export { syntheticRun, type SyntheticRunOptions } from './synthetic-run.ts';
export { eventsUntil, liveTimeline, replayTimeline } from './timeline-cache.ts';
export { callStatusOf } from './loaded-call-status.ts';
export { summarizeTrafficMessage } from './traffic-summary.ts';
export { injectedFaults, type InjectedFaultMark } from './injected-faults.ts';
export { trajectoryOf } from './run-trajectory.ts';
export {
  afterDeadlineSummary,
  afterDeadlineSummaryText,
  afterDeadlineText,
  ghostLabel,
  ghostLabelForms,
  lateByMs,
  lingeringAttempt,
  stillRunningText,
  strategyText,
  type AfterDeadlineSummary,
} from './after-deadline.ts';
export { callArgumentLabels, maximumArgumentLabelLength } from './call-labels.ts';
export type { ArgumentLabels } from './call-labels.ts';
