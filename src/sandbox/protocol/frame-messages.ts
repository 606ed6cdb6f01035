import { z } from 'zod';

// Messages between the host page and the sandbox iframe, over the MessagePort the host hands to the
// iframe at start-up. The iframe only starts and stops workers; everything a worker says goes over the
// worker's own port straight to the host (see worker-messages.ts), so the iframe never relays user data.
// What the host sends is checked in the iframe by host-message-guards.ts (no zod there: the iframe and
// the workers start faster without it); what the iframe sends is parsed on the host with the schemas below.

/**
 * `schema` and `code` workers hold one user module for a tool's life or one call; a `compile` worker
 * loads several modules in turn to check them (one compile batch) and is then terminated.
 */
export type WorkerRole = 'schema' | 'code' | 'compile';

export type HostToFrameMessage =
  /**
   * Starts a worker for `role`. Without `source` it comes from the warm pool (harness already evaluated)
   * and the host sends it its module; with `source` it is a cold worker running that whole script (the
   * user module first, then the harness), used only to locate a syntax error the pool's loader cannot.
   */
  /** `moduleScript`: a cold worker, started from that user module's script with the harness after it. */
  | { type: 'start-worker'; workerId: string; role: WorkerRole; port: MessagePort; moduleScript?: string; runtime?: WorkerRuntime }
  | { type: 'terminate-worker'; workerId: string }
  | { type: 'ping'; pingId: number }
  /** The worker harness and the zod bundle, once per iframe, and how many warm workers to keep. */
  | { type: 'configure-pool'; harnessSource: string; zodSource: string; size: number }
  /**
   * Pyodide's files and the Python harness, sent once a Python tool exists (never for a TypeScript-only
   * workspace): the iframe compiles the wasm once and keeps a pool of `size` workers with Python booted.
   */
  | {
      type: 'configure-python';
      harnessSource: string;
      loaderSource: string;
      asmSource: string;
      wasm: Blob;
      stdlib: Blob;
      lockFile: string;
      size: number;
    };

/** Which harness a worker runs: the TypeScript one (default) or the Python one (Pyodide). */
export type WorkerRuntime = 'typescript' | 'python';

const workerId = z.string().min(1).max(100);

export const frameToHostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('frame-ready') }),
  z.object({ type: z.literal('pong'), pingId: z.number().int() }),
  z.object({ type: z.literal('worker-terminated'), workerId }),
  /** Which worker a start-worker got: one from the warm pool, or a cold one (the pool was empty). */
  z.object({ type: z.literal('worker-assigned'), workerId, warm: z.boolean() }),
  /** An ErrorEvent on the Worker object: a parse error of the script, or an error nobody caught. */
  z.object({
    type: z.literal('worker-error'),
    workerId,
    message: z.string().max(10_000),
    line: z.number().int().nonnegative(),
    column: z.number().int().nonnegative(),
  }),
  /** The iframe refused a message; it should never happen and points at a bug in the host. */
  z.object({ type: z.literal('frame-protocol-error'), message: z.string().max(10_000) }),
]);
export type FrameToHostMessage = z.infer<typeof frameToHostMessageSchema>;

/** The first message, sent with window.postMessage (before any port exists) along with the host's port. */
export interface FrameInitMessage {
  type: 'toolscope-sandbox-init';
  /** The bundled frame script; sandbox.html's inline bootstrap loads it from a Blob URL. */
  frameSource: string;
}

/** The worker's first message from the iframe, carrying the port to the host. */
export interface WorkerConnectMessage {
  type: 'connect';
  role: WorkerRole;
  /**
   * The zod bundle (a Blob is posted by reference). The harness makes its own URL of it only when zod
   * is needed: a Blob URL is a synchronous round trip to the browser process, which the iframe's
   * thread paid for every worker (a fifth of its busy time in a 100-call turn, measured by trace).
   */
  zod: Blob | null;
}

/** What a pooled worker tells the iframe once its harness has been evaluated (it is then warm). */
export interface WorkerReadyMessage {
  type: 'worker-ready';
}
