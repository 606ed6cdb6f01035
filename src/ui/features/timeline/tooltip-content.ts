// The hover tooltip's text: tool, attempt, start, duration, outcome. Times are relative to the run.
import {
  afterDeadlineText,
  formatDuration,
  injectedFaults,
  isWaitSegment,
  lingeringAttempt,
  statusLabel,
  strategyText,
  type CallRow,
  type ModelCallRecord,
  type TimelineSegment,
} from '../../../trace/index.ts';

export interface TooltipContent {
  title: string;
  fields: [label: string, value: string][];
}

const phaseNames: Record<TimelineSegment['kind'], string> = {
  queued: 'queued (waiting for a slot)',
  validating: 'validating arguments',
  attempt: 'running',
  waiting: 'waiting for you (the deadline stands still)',
  connecting: 'waiting for a connection',
  sampling: 'model call (the server asked the model)',
  backoff: 'backoff wait',
  ghost: 'work past its deadline',
};

export function callTooltip(call: CallRow, segment: TimelineSegment | null, origin: number, argument?: string): TooltipContent {
  const fields: [string, string][] = argument ? [['argument', argument]] : [];
  if (segment) {
    fields.push(['phase', phaseNames[segment.kind]]);
    if (segment.attempt !== undefined) fields.push(['attempt', `${segment.attempt} of ${call.attempts.length}`]);
    fields.push(['start', formatDuration(segment.start - origin)]);
    fields.push(['duration', `${formatDuration(segment.end - segment.start)}${segment.open ? ' so far' : ''}`]);
    if (segment.kind === 'attempt') fields.push(['outcome', segment.outcome ? statusLabel(segment.outcome) : 'running']);
    const attempt = call.attempts.find((candidate) => candidate.attempt === segment.attempt);
    if (segment.kind === 'backoff' && attempt?.retryReason) fields.push(['reason', attempt.retryReason]);
    if ((segment.kind === 'attempt' || segment.kind === 'ghost') && attempt && Number.isFinite(attempt.deadline))
      fields.push(['deadline', `${formatDuration(attempt.deadline - origin)} (limit ${formatDuration(attempt.timeoutMs)})`]);
    const strategy = attempt && strategyText(attempt);
    if (strategy && (segment.kind === 'ghost' || attempt?.outcome === 'timeout')) fields.push(['at the deadline', strategy]);
    if (segment.kind === 'ghost') fields.push(['after deadline', afterDeadlineText(attempt) ?? '']);
    const reported = call.progress.filter((entry) => entry.attempt === segment.attempt && entry.time <= segment.end);
    const latest = reported[reported.length - 1];
    if (segment.kind === 'attempt' && latest)
      fields.push([
        'progress',
        `${latest.total === undefined ? latest.progress : `${latest.progress}/${latest.total}`}${latest.message ? ` ${latest.message}` : ''} (${reported.length} reports)`,
      ]);
    if (isWaitSegment(segment.kind)) fields.push(...waitFields(call, segment));
    if (segment.kind === 'attempt')
      for (const mark of injectedFaults(call.logs)) if (mark.attempt === segment.attempt) fields.push(['injected', mark.description]);
  } else {
    fields.push(['start', formatDuration(call.queuedAt - origin)]);
    if (call.endedAt !== undefined) fields.push(['duration', formatDuration(call.endedAt - call.queuedAt)]);
  }
  if (!segment || segment.kind !== 'ghost') {
    const lingering = afterDeadlineText(lingeringAttempt(call));
    if (lingering) fields.push(['after deadline', lingering]);
  }
  const version = call.result?.version ?? call.version;
  if (version) fields.push(['version', version]);
  fields.push(['call', statusLabel(call.status)]);
  return { title: call.name, fields };
}

/** What the tool said about a wait, and for a model's answer, which model and its tokens. */
function waitFields(call: CallRow, segment: TimelineSegment): [string, string][] {
  const wait = call.waits.find((candidate) => candidate.attempt === segment.attempt && candidate.start === segment.start);
  const fields: [string, string][] = [];
  if (wait?.message) fields.push(['said', wait.message]);
  if (wait?.model) fields.push(['model', wait.model]);
  if (wait?.usage) fields.push(['tokens', `${wait.usage.inputTokens} in, ${wait.usage.outputTokens} out`]);
  return fields;
}

export function modelTooltip(record: ModelCallRecord, origin: number): TooltipContent {
  const fields: [string, string][] = [
    ['iteration', String(record.iteration)],
    ['start', formatDuration(record.start - origin)],
    ['duration', `${formatDuration((record.end ?? record.start) - record.start)}${record.open ? ' so far' : ''}`],
  ];
  if (record.finishReason) fields.push(['finish', record.finishReason]);
  if (record.usage) fields.push(['tokens', String(record.usage.totalTokens)]);
  if (record.error) fields.push(['error', record.error.message]);
  return { title: 'Model call', fields };
}
