// Fault injection as a wrapper around any core Tool (sandboxed, in-process or MCP alike): the tool's code
// is untouched. Every fault it injects is logged on the call with a marker first, so the events of a run
// say which failures were injected and the timeline and inspector can draw them as such.
import { PermanentError, TransientError, type Tool } from '../core/index.ts';
import { drawFault } from './fault-draw.ts';
import { pageProbeCounts, probedHealthCheck } from './health-probe.ts';
import type { FaultKind, FaultSettings } from './fault-settings.ts';

export const injectedFaultMarker = '[injected fault]';

/** The description of an injected fault in a call's log line, or null for an ordinary line. */
export function injectedFaultOf(logMessage: string): string | null {
  return logMessage.startsWith(injectedFaultMarker) ? logMessage.slice(injectedFaultMarker.length).trim() : null;
}

/** A thrown failure that says what status it stands for, as an HTTP client's error would. */
class InjectedFailure extends TransientError {
  constructor(
    message: string,
    readonly status: number,
    retryAfterMs?: number,
  ) {
    super(message, { retryAfterMs });
  }
}

const never = new Promise<never>(() => {});

function describe(kind: FaultKind, settings: FaultSettings): string {
  switch (kind) {
    case 'rate_limit':
      return `429 Too Many Requests (Retry-After ${settings.retryAfterMs} ms)`;
    case 'unavailable':
      return '503 Service Unavailable';
    case 'transient':
      return 'transient error (connection reset)';
    case 'permanent':
      return 'permanent error (403 Forbidden)';
    case 'hang':
      return 'hang (ignores the abort signal)';
    case 'malformed':
      return 'malformed result (cut-off JSON)';
  }
}

/** Cut-off JSON text of a result: what a truncated response body looks like to the model. */
function malformed(result: unknown): string {
  const text = JSON.stringify(result) ?? 'null';
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

/** `probeCounts`: the page's by default, so the probes of one page's runs go on through one sequence. */
export function withFaults(tool: Tool, settings: FaultSettings | undefined, seed: number, probeCounts = pageProbeCounts): Tool {
  if (!settings?.enabled) return tool;
  return {
    ...tool,
    healthCheck: probedHealthCheck(tool, settings, seed, (kind) => describe(kind, settings), probeCounts),
    async execute(input, ctx) {
      const draw = drawFault(settings, { seed, toolName: tool.name, toolCallId: ctx.toolCallId, attempt: ctx.attempt });
      if (draw.delayMs > 0) {
        ctx.log(`${injectedFaultMarker} latency +${draw.delayMs} ms`);
        await ctx.sleep(draw.delayMs);
      }
      if (draw.failure) ctx.log(`${injectedFaultMarker} ${describe(draw.failure, settings)}`);
      switch (draw.failure) {
        case 'rate_limit':
          throw new InjectedFailure(`Injected fault: 429 Too Many Requests`, 429, settings.retryAfterMs);
        case 'unavailable':
          throw new InjectedFailure('Injected fault: 503 Service Unavailable', 503);
        case 'transient':
          throw new TransientError('Injected fault: connection reset');
        case 'permanent':
          throw new PermanentError('Injected fault: 403 Forbidden');
        case 'hang':
          return never;
        case 'malformed':
          return malformed(await tool.execute(input, ctx));
        case null:
          return tool.execute(input, ctx);
      }
    },
  };
}
