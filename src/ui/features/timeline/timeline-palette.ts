// Canvas cannot use CSS variables, so the drawing layer reads their computed values once per colour
// scheme. The same variables colour the DOM legend, so chart and legend cannot disagree.
import type { CallStatus } from '../../../trace/index.ts';

export interface TimelinePalette {
  queued: string;
  validating: string;
  running: string;
  /** Waiting on the person (its deadline stands still): stripes over the bar. */
  waiting: string;
  /** Waiting for a free connection. */
  connecting: string;
  backoff: string;
  success: string;
  error: string;
  invalid: string;
  timeout: string;
  aborted: string;
  ghost: string;
  deadline: string;
  /** Marks of injected faults (issue 19). */
  injected: string;
  model: string;
  lane: string;
  grid: string;
  text: string;
  textMuted: string;
  background: string;
  panel: string;
  accent: string;
}

/** Light-scheme values, used where styles are not computed (tests, a detached element). */
export const fallbackPalette: TimelinePalette = {
  queued: '#8c959f',
  validating: '#1b7c83',
  running: '#0969da',
  waiting: '#9a6700',
  connecting: '#8c959f',
  backoff: '#d4a72c',
  success: '#1a7f37',
  error: '#cf222e',
  invalid: '#8250df',
  timeout: '#bc4c00',
  aborted: '#6e7781',
  ghost: '#6e7781',
  deadline: '#cf222e',
  injected: '#e36209',
  model: '#bf3989',
  lane: '#54aeff',
  grid: '#d8dee4',
  text: '#1f2328',
  textMuted: '#57606a',
  background: '#ffffff',
  panel: '#f6f8fa',
  accent: '#0969da',
};

const variables: Record<keyof TimelinePalette, string> = {
  queued: '--timeline-queued',
  validating: '--timeline-validating',
  running: '--timeline-running',
  waiting: '--timeline-waiting',
  connecting: '--timeline-connecting',
  backoff: '--timeline-backoff',
  success: '--timeline-success',
  error: '--timeline-error',
  invalid: '--timeline-invalid',
  timeout: '--timeline-timeout',
  aborted: '--timeline-aborted',
  ghost: '--timeline-ghost',
  deadline: '--timeline-deadline',
  injected: '--timeline-injected',
  model: '--timeline-model',
  lane: '--timeline-lane',
  grid: '--timeline-grid',
  text: '--text',
  textMuted: '--text-muted',
  background: '--bg',
  panel: '--bg-panel',
  accent: '--accent',
};

export function readPalette(element: Element): TimelinePalette {
  const style = getComputedStyle(element);
  const palette = { ...fallbackPalette };
  for (const [key, variable] of Object.entries(variables) as [keyof TimelinePalette, string][]) {
    const value = style.getPropertyValue(variable).trim();
    if (value) palette[key] = value;
  }
  return palette;
}

/** The colour of an outcome or a live status; the legend groups the rarer error kinds under "error". */
export function statusColour(palette: TimelinePalette, status: CallStatus | undefined): string {
  switch (status) {
    case undefined:
    case 'running':
      return palette.running;
    case 'waiting_for_you':
      return palette.waiting;
    case 'waiting_for_connection':
      return palette.connecting;
    case 'queued':
      return palette.queued;
    case 'validating':
      return palette.validating;
    case 'backoff':
      return palette.backoff;
    case 'success':
      return palette.success;
    case 'invalid_arguments':
      return palette.invalid;
    case 'timeout':
      return palette.timeout;
    case 'aborted':
      return palette.aborted;
    case 'execution_error':
    case 'unknown_tool':
    case 'unavailable':
      return palette.error;
  }
}
