// A tool's health check under injected faults goes through the same faulty downstream as its calls.
import type { Tool } from '../core/index.ts';
import { drawFault } from './fault-draw.ts';
import type { FaultKind, FaultSettings } from './fault-settings.ts';

/** Faults that mean the downstream does not answer: a probe request sent through them fails. */
const downstreamDown: ReadonlySet<FaultKind> = new Set(['unavailable', 'rate_limit', 'transient', 'hang']);

/** Requests one check sends before it calls the tool down, as a load balancer's "unhealthy threshold". */
export const PROBES_PER_CHECK = 3;

/**
 * How many probe requests each tool has sent on this page, by seed and tool name. Every run builds a new
 * executor, and with a count that started again at 1 each run drew the same first probe: a 503 fault at
 * 50 % made get_weather unhealthy on every run, so no retry was ever seen (issue 27). Carried across the
 * page's runs, the probes go on through the seeded sequence: the rate holds over runs, and a reload
 * replays the same sequence, so a lesson stays repeatable.
 */
export class ProbeCounts {
  private readonly sent = new Map<string, number>();

  next(seed: number, toolName: string): number {
    const key = `${seed}|${toolName}`;
    const count = (this.sent.get(key) ?? 0) + 1;
    this.sent.set(key, count);
    return count;
  }
}

export const pageProbeCounts = new ProbeCounts();

/**
 * A check sends up to PROBES_PER_CHECK requests and calls the tool down only when all of them fail, as
 * real health checkers do (one lost probe is not an outage). So an outage (503s at 100 %) is always found,
 * a downstream failing half its requests is found down by about one check in eight while its calls see
 * the 503s and retry, and the tool's own check runs only once a probe got through.
 */
export function probedHealthCheck(
  tool: Tool,
  settings: FaultSettings,
  seed: number,
  describe: (kind: FaultKind) => string,
  counts: ProbeCounts,
): NonNullable<Tool['healthCheck']> {
  return (ctx) => {
    let lastFailure: FaultKind | undefined;
    for (let request = 0; request < PROBES_PER_CHECK; request += 1) {
      const draw = drawFault(settings, { seed, toolName: tool.name, toolCallId: 'health-probe', attempt: counts.next(seed, tool.name) });
      if (!draw.failure || !downstreamDown.has(draw.failure)) return tool.healthCheck ? tool.healthCheck(ctx) : true;
      lastFailure = draw.failure;
    }
    return {
      healthy: false,
      detail: `Health probe: ${PROBES_PER_CHECK} requests in a row got ${describe(lastFailure!)} from the downstream (injected fault)`,
    };
  };
}
