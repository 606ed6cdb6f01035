// A transport between the SDK's Client and the real one that sees every JSON-RPC message both ways and
// files each under the tool call it belongs to: the tools/call request (matched by its arguments object,
// which the SDK passes through untouched), its progress notifications (the SDK uses the request id as the
// progress token), a cancellation, and the answer. The inspector shows a call's traffic from this.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { TrafficDirection, WaitDetail, WaitReason } from '../../core/index.ts';
import type { RequestId } from './tracked-fetch.ts';

export interface CallRecorder {
  record(direction: TrafficDirection, message: unknown): void;
  /** The JSON-RPC id of the call's request, once sent. */
  requestId?: RequestId;
  /** An answer (result or error) has arrived. */
  answered?: boolean;
  /** A word on the call's timeline (waiting for the person, a model answering the server). */
  note?(message: string): void;
  /** The call now waits on the person or a model (ToolContext.wait), until the function returned is called. */
  wait?(on: WaitReason, detail?: WaitDetail): (end?: WaitDetail) => void;
}

interface MessageFields {
  id?: unknown;
  method?: unknown;
  params?: { arguments?: unknown; requestId?: unknown; progressToken?: unknown; taskId?: unknown };
  result?: { task?: { taskId?: unknown } };
}

const isId = (value: unknown): value is RequestId => typeof value === 'string' || typeof value === 'number';

export class TrafficTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  setProtocolVersion?: (version: string) => void;
  /** The protocol version the server chose in its answer to initialize. */
  protocolVersion: string | undefined;
  private readonly expected = new WeakMap<object, CallRecorder>();
  private readonly byId = new Map<RequestId, CallRecorder>();
  /** Requests the server sent (elicitation, sampling), by their id, with the call they came in. */
  private readonly serverRequests = new Map<RequestId, CallRecorder>();
  /** The call of each task (a task-augmented tools/call), so its tasks/get, tasks/result and tasks/cancel file under it. */
  private readonly byTask = new Map<string, CallRecorder>();

  constructor(
    private readonly inner: Transport,
    private readonly onAnyMessage: (direction: TrafficDirection, message: unknown) => void = () => {},
    /** The call a server request came in (the stream it arrived on says), if it can be told. */
    private readonly ownerOfServerRequest: (id: RequestId) => CallRecorder | undefined = () => undefined,
  ) {
    // The Client only sends the protocol version header when its transport can: keep that as it was.
    if (inner.setProtocolVersion) this.setProtocolVersion = (version) => inner.setProtocolVersion?.(version);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** The next tools/call sent with exactly this arguments object belongs to `recorder`. */
  expect(argumentsObject: object, recorder: CallRecorder): void {
    this.expected.set(argumentsObject, recorder);
  }

  /** The call a request this client sent (by its id) belongs to: its tools/call, or its task's polls. */
  recorderOfRequest(id: RequestId): CallRecorder | undefined {
    return this.byId.get(id);
  }

  /** The call a server request (by its id) belongs to, while it is unanswered. */
  recorderOfServerRequest(id: RequestId): CallRecorder | undefined {
    return this.serverRequests.get(id);
  }

  release(recorder: CallRecorder): void {
    if (recorder.requestId !== undefined && this.byId.get(recorder.requestId) === recorder) this.byId.delete(recorder.requestId);
    if (this.byTask.size === 0) return;
    // A task's polls were filed under the call too.
    for (const [taskId, owner] of this.byTask) if (owner === recorder) this.byTask.delete(taskId);
    for (const [id, owner] of this.byId) if (owner === recorder) this.byId.delete(id);
  }

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.observe('received', message);
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.observe('sent', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Ends the HTTP session (Streamable HTTP's DELETE), when the transport has one. */
  async terminateSession(): Promise<void> {
    await (this.inner as { terminateSession?: () => Promise<void> }).terminateSession?.();
  }

  private observe(direction: TrafficDirection, message: unknown): void {
    this.onAnyMessage(direction, message);
    const fields = message as MessageFields;
    if (direction === 'received' && isId(fields.id) && fields.method === undefined) {
      const version = (message as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
      if (typeof version === 'string' && this.protocolVersion === undefined) this.protocolVersion = version;
    }
    const recorder = this.recorderFor(direction, fields);
    if (!recorder) return;
    const taskId = fields.result?.task?.taskId;
    if (direction === 'received' && typeof taskId === 'string') this.byTask.set(taskId, recorder);
    // A task's first answer only says the task exists: the call is answered when tasks/result is.
    if (direction === 'received' && fields.method === undefined && typeof taskId !== 'string') recorder.answered = true;
    recorder.record(direction, message);
  }

  private recorderFor(direction: TrafficDirection, fields: MessageFields): CallRecorder | undefined {
    const isRequest = typeof fields.method === 'string' && !fields.method.startsWith('notifications/') && isId(fields.id);
    if (direction === 'received' && isRequest) {
      const owner = this.ownerOfServerRequest(fields.id as RequestId);
      if (owner) this.serverRequests.set(fields.id as RequestId, owner);
      return owner;
    }
    if (direction === 'sent' && fields.method === undefined && isId(fields.id)) {
      const owner = this.serverRequests.get(fields.id);
      this.serverRequests.delete(fields.id);
      return owner;
    }
    if (direction === 'sent' && fields.method === 'tools/call' && isId(fields.id)) {
      const argumentsObject = fields.params?.arguments;
      const recorder = typeof argumentsObject === 'object' && argumentsObject !== null ? this.expected.get(argumentsObject) : undefined;
      if (recorder) {
        this.expected.delete(argumentsObject as object);
        recorder.requestId = fields.id;
        this.byId.set(fields.id, recorder);
      }
      return recorder;
    }
    if (direction === 'sent' && typeof fields.method === 'string' && fields.method.startsWith('tasks/') && isId(fields.id)) {
      const recorder = typeof fields.params?.taskId === 'string' ? this.byTask.get(fields.params.taskId) : undefined;
      if (recorder) this.byId.set(fields.id, recorder);
      return recorder;
    }
    if (fields.method === 'notifications/cancelled')
      return isId(fields.params?.requestId) ? this.byId.get(fields.params.requestId) : undefined;
    if (fields.method === 'notifications/progress')
      return isId(fields.params?.progressToken) ? this.byId.get(fields.params.progressToken) : undefined;
    if (direction === 'received' && fields.method === undefined && isId(fields.id)) return this.byId.get(fields.id);
    return undefined;
  }
}
