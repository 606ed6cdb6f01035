import { z } from 'zod';

// Messages between the host page and the sandbox iframe, over the MessagePort the host hands to the
// iframe at start-up. The iframe only starts and stops workers; everything a worker says goes over the
// worker's own port straight to the host (see worker-messages.ts), so the iframe never relays user data.

const workerId = z.string().min(1).max(100);

/** A MessagePort travels as a transferable; zod cannot describe it, so check its shape. */
export const messagePortSchema = z.custom<MessagePort>(
  (value) => typeof value === 'object' && value !== null && typeof (value as MessagePort).postMessage === 'function',
  { message: 'Expected a MessagePort' },
);

export const hostToFrameMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start-worker'),
    workerId,
    /** The full classic-worker script: user module + harness (see worker-source.ts). */
    source: z.string().max(5_000_000),
    role: z.enum(['schema', 'code']),
    port: messagePortSchema,
  }),
  z.object({ type: z.literal('terminate-worker'), workerId }),
  z.object({ type: z.literal('ping'), pingId: z.number().int() }),
]);
export type HostToFrameMessage = z.infer<typeof hostToFrameMessageSchema>;

export const frameToHostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('frame-ready') }),
  z.object({ type: z.literal('pong'), pingId: z.number().int() }),
  z.object({ type: z.literal('worker-terminated'), workerId }),
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
export const frameInitMessageSchema = z.object({
  type: z.literal('toolscope-sandbox-init'),
  /** The bundled frame script; sandbox.html's inline bootstrap loads it from a Blob URL. */
  frameSource: z.string(),
});

/** The worker's first message from the iframe, carrying the port to the host. */
export const workerConnectMessageSchema = z.object({
  type: z.literal('connect'),
  role: z.enum(['schema', 'code']),
});
export type WorkerRole = z.infer<typeof workerConnectMessageSchema>['role'];
