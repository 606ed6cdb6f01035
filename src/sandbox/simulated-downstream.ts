// A simulated downstream service with a capacity, living in the host page (docs/adr/0014). Each
// sandboxed call runs in its own worker, so nothing inside a worker can see how many other calls are
// hitting the same service: the count lives here, beside ctx.fetch's proxy, and a tool reaches it with
// an ordinary ctx.fetch to https://downstream.invalid/<service>/... (`.invalid` never resolves, so the
// request cannot leave the page by mistake). The service answers from how loaded it is, not from what
// the request asks for: latency grows with the requests in flight, and above its capacity it answers
// 429 with Retry-After. Time passes through `wait` (the executor's clock), so Compare's virtual clock,
// slow motion and unit tests all see the same figures.
import type { Result } from '../core/index.ts';
import type { FetchRequestData, FetchResponseData } from './protocol/worker-messages.ts';

export const simulatedDownstreamOrigin = 'https://downstream.invalid';

/** How a service behaves; the tool's code sends these as request headers, so people can change them there. */
export interface DownstreamSettings {
  /** Requests it serves at once; one more gets `rejectStatus`. */
  capacity: number;
  /** Latency of a request served alone. */
  baseLatencyMs: number;
  /** Added to a request's latency for every other request in flight when it arrives. */
  extraLatencyPerCallMs: number;
  /** The Retry-After it sends with a rejection, in seconds. */
  retryAfterSeconds: number;
  /** How long a rejection takes (a busy server still answers, quickly). */
  rejectLatencyMs: number;
  rejectStatus: 429 | 503;
}

export const defaultDownstreamSettings: DownstreamSettings = {
  capacity: 4,
  baseLatencyMs: 200,
  extraLatencyPerCallMs: 100,
  retryAfterSeconds: 1,
  rejectLatencyMs: 20,
  rejectStatus: 429,
};

/** Header name → setting, and the range each accepts (a typo must not make a service of capacity 0). */
const settingHeaders = {
  'x-simulated-capacity': { key: 'capacity', min: 1, max: 1_000 },
  'x-simulated-base-latency-ms': { key: 'baseLatencyMs', min: 0, max: 60_000 },
  'x-simulated-latency-per-call-ms': { key: 'extraLatencyPerCallMs', min: 0, max: 60_000 },
  'x-simulated-retry-after-seconds': { key: 'retryAfterSeconds', min: 0, max: 3_600 },
  'x-simulated-reject-latency-ms': { key: 'rejectLatencyMs', min: 0, max: 60_000 },
} as const;

/** The same shape as the fetch proxy's answer: run-code sends either back to the worker alike. */
export type DownstreamAnswer = Result<{ response: FetchResponseData }>;

export function isSimulatedDownstream(url: string): boolean {
  try {
    return new URL(url).origin === simulatedDownstreamOrigin;
  } catch {
    return false;
  }
}

/** The settings a request carries in its headers, over the defaults; a bad value is an error naming the header. */
export function downstreamSettingsOf(request: FetchRequestData): Result<{ settings: DownstreamSettings }> {
  const settings: DownstreamSettings = { ...defaultDownstreamSettings };
  for (const [rawName, value] of request.headers) {
    const name = rawName.toLowerCase();
    if (name === 'x-simulated-reject-status') {
      if (value.trim() !== '429' && value.trim() !== '503') return { ok: false, message: `${name} must be 429 or 503, not "${value}"` };
      settings.rejectStatus = Number(value.trim()) as 429 | 503;
      continue;
    }
    const rule = settingHeaders[name as keyof typeof settingHeaders];
    if (!rule) continue;
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number < rule.min || number > rule.max)
      return { ok: false, message: `${name} must be a number from ${rule.min} to ${rule.max}, not "${value}"` };
    settings[rule.key] = rule.key === 'capacity' ? Math.floor(number) : number;
  }
  return { ok: true, settings };
}

/** One request's view of the service's clock: waits `ms`, rejects when the request is aborted. */
export type DownstreamWait = (ms: number) => Promise<void>;

/** Every simulated service of one page (or one test run), by name: `inventory` in /inventory/items/A-1. */
export class SimulatedDownstreams {
  private readonly inFlight = new Map<string, number>();
  private readonly peaks = new Map<string, number>();

  /** Requests the service is serving now. */
  inFlightOf(service: string): number {
    return this.inFlight.get(service) ?? 0;
  }

  /** The most it served at once since it was created. */
  peakOf(service: string): number {
    return this.peaks.get(service) ?? 0;
  }

  /**
   * Serves one request. A served request holds its slot until its latency has passed or `signal`
   * aborts (the call timed out, was stopped, or its worker was killed), whichever comes first.
   */
  async handle(request: FetchRequestData, wait: DownstreamWait, signal: AbortSignal): Promise<DownstreamAnswer> {
    const url = new URL(request.url);
    const service = decodeURIComponent(url.pathname.split('/')[1] ?? '') || 'default';
    const parsed = downstreamSettingsOf(request);
    if (!parsed.ok) return { ok: false, message: `fetch to ${simulatedDownstreamOrigin} refused: ${parsed.message}` };
    const { settings } = parsed;
    if (signal.aborted) return aborted();
    const current = this.inFlightOf(service);
    if (current >= settings.capacity) {
      try {
        await waitOrAbort(wait, settings.rejectLatencyMs, signal);
      } catch {
        return aborted();
      }
      return { ok: true, response: rejection(request.url, settings, current) };
    }
    const inFlight = current + 1;
    this.inFlight.set(service, inFlight);
    this.peaks.set(service, Math.max(this.peakOf(service), inFlight));
    const latencyMs = settings.baseLatencyMs + settings.extraLatencyPerCallMs * (inFlight - 1);
    try {
      await waitOrAbort(wait, latencyMs, signal);
    } catch {
      return aborted();
    } finally {
      this.inFlight.set(service, this.inFlightOf(service) - 1);
    }
    const body = {
      path: url.pathname,
      quantity: quantityOf(url.pathname),
      in_flight: inFlight,
      capacity: settings.capacity,
      latency_ms: latencyMs,
    };
    return {
      ok: true,
      response: {
        url: request.url,
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'application/json']],
        body: JSON.stringify(body),
      },
    };
  }
}

function rejection(url: string, settings: DownstreamSettings, inFlight: number): FetchResponseData {
  const tooMany = settings.rejectStatus === 429;
  return {
    url,
    status: settings.rejectStatus,
    statusText: tooMany ? 'Too Many Requests' : 'Service Unavailable',
    headers: [
      ['content-type', 'application/json'],
      ['retry-after', String(settings.retryAfterSeconds)],
    ],
    body: JSON.stringify({ error: `over capacity: ${inFlight} of ${settings.capacity} requests in flight`, in_flight: inFlight }),
  };
}

const aborted = (): DownstreamAnswer => ({ ok: false, message: `fetch to ${simulatedDownstreamOrigin} aborted: the call was stopped` });

/** `wait`, cut short by `signal` (the clock's own sleep may honour another signal, or none). */
function waitOrAbort(wait: DownstreamWait, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    wait(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) reject(signal.reason);
        else resolve();
      },
      (reason: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(reason);
      },
    );
  });
}

/** A stock figure that depends only on the path, so the same item always answers the same. */
function quantityOf(path: string): number {
  let hash = 2166136261;
  for (let index = 0; index < path.length; index++) hash = Math.imul(hash ^ path.charCodeAt(index), 16777619);
  return (hash >>> 0) % 500;
}
