// One live connection to an MCP server: the SDK Client over Streamable HTTP (the older HTTP+SSE transport
// as a fallback), with its traffic filed per call, its tool list kept fresh on list_changed, and calls
// that end when their response stream ends without an answer instead of waiting for ever.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { messageOf, type TrafficDirection } from '../../core/index.ts';
import type {
  McpLogEntry,
  McpServerInfo,
  McpServerRequestHandlers,
  McpToolDefinition,
  McpToolListChange,
  McpTransportKind,
} from '../mcp-types.ts';
import { describeConnectError, McpConnectError } from './connect-errors.ts';
import { ListingGuard } from './listing-guard.ts';
import { McpCallDroppedError } from './call-errors.ts';
import { clientCapabilities, installServerRequests, type RequestingCall } from './server-requests.ts';
import { callToolAsTask } from './task-call.ts';
import { sdkSchemaValidator } from './schema-validator.ts';
import { compareToolLists, listTools } from './tool-listing.ts';
import { browserConnectionsPerServer, connectionSlotsFor } from './connection-slots.ts';
import { TrackedFetch, type RequestId, type ResponseFacts, type StreamEnd } from './tracked-fetch.ts';
import { TrafficTransport, type CallRecorder } from './traffic-transport.ts';

export interface McpConnectionOptions {
  url: string;
  headers?: Record<string, string>;
  /** Instead of HTTP (unit tests: the SDK's in-memory transport). */
  transport?: Transport;
  fetch?: typeof fetch;
  /** The page's origin, for CORS advice. */
  origin?: string;
  connectTimeoutMs?: number;
  /** How the app answers a server's elicitation and sampling requests (declared only when given). */
  requests?: McpServerRequestHandlers;
  onToolsChanged?(change: McpToolListChange, tools: McpToolDefinition[]): void;
  /** The connection ended without being asked to (the server went away). */
  onClosed?(reason: string): void;
}

export interface CallOptions {
  signal: AbortSignal;
  onprogress(progress: Progress): void;
  recorder: CallRecorder;
}

/** The SDK's own request timeout, set out of the way: the executor's deadline decides. */
const noTimeout = 2_147_483_647;
/** A response stream's last events are parsed after it closes: give them this long to arrive. */
const answerGraceMs = 100;
/** How long the initialize handshake, and then each tools/list, may take. */
const defaultConnectTimeoutMs = 15_000;
const maxLogEntries = 200;

export { McpConnectError };

export class McpConnection {
  info!: McpServerInfo;
  tools: McpToolDefinition[] = [];
  /** Set once the connection is over: why, in words. */
  closedReason: string | null = null;
  readonly log: McpLogEntry[] = [];
  private client!: Client;
  private traffic!: TrafficTransport;
  private tracked: TrackedFetch | undefined;
  private readonly pending = new Set<PendingCall>();
  private readonly listings = new ListingGuard();
  private refreshing: Promise<void> = Promise.resolve();
  private pinging: Promise<void> | undefined;
  private established = false;

  private constructor(private readonly options: McpConnectionOptions) {}

  static async open(options: McpConnectionOptions): Promise<McpConnection> {
    const connection = new McpConnection(options);
    await connection.connect();
    return connection;
  }

  get url(): string {
    return this.options.url;
  }

  private async connect(): Promise<void> {
    const { options } = this;
    if (options.transport) return this.connectOver(options.transport, 'in-memory');
    let url: URL;
    try {
      url = new URL(options.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    } catch {
      throw new McpConnectError(`"${options.url}" is not an http:// or https:// URL.`);
    }
    const base = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const tracked = new TrackedFetch(
      base,
      (ids, how) => this.streamEnded(ids, how),
      connectionSlotsFor(url),
      (ids) => this.waitForConnection(ids),
    );
    this.tracked = tracked;
    const requestInit = { headers: options.headers ?? {} };
    try {
      try {
        await this.connectOver(new StreamableHTTPClientTransport(url, { requestInit, fetch: tracked.fetch }), 'streamable-http');
      } catch (error) {
        // Servers from before Streamable HTTP answer its POST with 404 or 405: try their HTTP+SSE transport.
        if (!(error instanceof StreamableHTTPError) || (error.code !== 404 && error.code !== 405)) throw error;
        await this.connectOver(new SSEClientTransport(url, { requestInit, fetch: tracked.fetch }), 'sse');
      }
    } catch (error) {
      if (error instanceof McpConnectError) throw error;
      const timedOut = error instanceof ConnectTimeout ? { timedOutAfterMs: error.afterMs } : {};
      throw new McpConnectError(
        await describeConnectError(error, {
          url: options.url,
          origin: options.origin ?? globalThis.location?.origin ?? 'this page',
          lastResponse: tracked.lastResponse,
          probe: () => probe(base, url),
          ...timedOut,
        }),
      );
    }
  }

  private async connectOver(transport: Transport, kind: McpTransportKind): Promise<void> {
    this.traffic = new TrafficTransport(
      transport,
      (direction, message) => this.remember(direction, message),
      (serverRequestId) => this.callOfServerRequest(serverRequestId)?.recorder,
    );
    const client = new Client(
      { name: 'toolscope', version: '0.1.0' },
      { capabilities: clientCapabilities(this.options.requests), jsonSchemaValidator: sdkSchemaValidator },
    );
    this.client = client;
    installServerRequests(client, this.options.requests, {
      serverLabel: () => this.info?.title ?? this.info?.name ?? this.options.url,
      callOf: (serverRequestId) => this.requestingCall(serverRequestId),
    });
    // Only the client that connected, once it has: a failed first try closing is not the server leaving.
    client.onclose = () => {
      if (this.client === client && this.established) this.serverClosed();
    };
    // Transport errors (a dropped stream, a failed reconnect) also reach the calls they concern; kept in the log.
    this.client.onerror = (error) => {
      this.remember('received', { transportError: messageOf(error) });
      if (reconnectFailure.test(messageOf(error))) this.resumeFailed(messageOf(error));
    };
    const timeoutMs = this.options.connectTimeoutMs ?? defaultConnectTimeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        this.client.connect(this.traffic),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ConnectTimeout(timeoutMs)), timeoutMs))),
      ]);
    } catch (error) {
      void this.client.close().catch(() => {});
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const server = this.client.getServerVersion();
    this.info = {
      name: server?.name ?? 'unnamed server',
      version: server?.version ?? '?',
      ...(server?.title ? { title: server.title } : {}),
      ...(this.traffic.protocolVersion ? { protocolVersion: this.traffic.protocolVersion } : {}),
      capabilities: (this.client.getServerCapabilities() ?? {}) as Record<string, unknown>,
      ...(this.client.getInstructions() ? { instructions: this.client.getInstructions() } : {}),
      transport: kind,
    };
    try {
      this.tools = this.info.capabilities.tools ? await this.listTools() : [];
    } catch (error) {
      void this.client.close().catch(() => {});
      throw error;
    }
    this.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      void this.refreshTools().then(
        (change) => this.options.onToolsChanged?.(change, this.tools),
        (error: unknown) => this.remember('received', { listError: messageOf(error) }),
      );
    });
    this.established = true;
  }

  /** Lists the tools again (one refresh at a time); what changed. */
  refreshTools(): Promise<McpToolListChange> {
    const next = this.refreshing.then(async () => {
      const before = this.tools;
      this.tools = await this.listTools();
      return compareToolLists(before, this.tools);
    });
    this.refreshing = next.then(
      () => {},
      () => {},
    );
    return next;
  }

  /** tools/list, ended with words when its stream closes unanswered or the server takes too long. */
  private listTools(): Promise<McpToolDefinition[]> {
    const withinMs = this.options.connectTimeoutMs ?? defaultConnectTimeoutMs;
    return this.listings.run(serverWords(this.info.name), withinMs, (options) => listTools(this.client, options));
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<CallToolResult> {
    if (this.closedReason) throw new McpCallDroppedError(this.closedReason, false);
    // A fresh object per attempt: the traffic transport recognises the request by this very object.
    const argumentsObject = { ...args };
    // One signal for the SDK: the attempt's, or a dropped stream's. (AbortSignal.any would do, at several
    // times the cost per call on Node.)
    const controller = new AbortController();
    const forward = () => controller.abort(options.signal.reason);
    if (options.signal.aborted) forward();
    else options.signal.addEventListener('abort', forward, { once: true });
    const entry: PendingCall = {
      recorder: options.recorder,
      toolName: name,
      signal: controller.signal,
      drop: (error: Error) => controller.abort(error),
    };
    this.pending.add(entry);
    this.traffic.expect(argumentsObject, options.recorder);
    try {
      if (this.tools.find((tool) => tool.name === name)?.execution?.taskSupport === 'required')
        return await callToolAsTask(
          this.client,
          { name, arguments: argumentsObject },
          { signal: controller.signal, onprogress: options.onprogress, note: (message) => options.recorder.note?.(message) },
        );
      return (await this.client.callTool({ name, arguments: argumentsObject }, undefined, {
        signal: controller.signal,
        onprogress: options.onprogress,
        timeout: noTimeout,
      })) as CallToolResult;
    } catch (error) {
      if (controller.signal.aborted && !options.signal.aborted) throw controller.signal.reason;
      if (this.closedReason) throw new McpCallDroppedError(this.closedReason, false);
      throw error;
    } finally {
      options.signal.removeEventListener('abort', forward);
      this.pending.delete(entry);
      this.traffic.release(options.recorder);
      if (options.recorder.requestId !== undefined) this.tracked?.forget(options.recorder.requestId);
    }
  }

  /** HTTP facts of a call's request (status, Retry-After), when it went over HTTP. */
  responseFacts(requestId: RequestId | undefined): ResponseFacts | undefined {
    return requestId === undefined ? undefined : this.tracked?.factsOf(requestId);
  }

  /** One ping at a time, shared by every tool's health check. */
  ping(): Promise<void> {
    if (this.closedReason) return Promise.reject(new Error(this.closedReason));
    this.pinging ??= this.client
      .ping({ timeout: 5000 })
      .then(() => {})
      .finally(() => (this.pinging = undefined));
    return this.pinging;
  }

  async close(reason = 'Disconnected.'): Promise<void> {
    if (this.closedReason) return;
    this.closedReason = reason;
    // Ending the session politely lets the server free it at once; a server may refuse (405), which is fine.
    await this.traffic?.terminateSession().catch(() => {});
    await this.client?.close().catch(() => {});
  }

  private serverClosed(): void {
    if (this.closedReason) return;
    this.closedReason = 'The server closed the connection.';
    this.options.onClosed?.(this.closedReason);
  }

  private streamEnded(ids: RequestId[], how: StreamEnd): void {
    this.listings.streamEnded(ids, how, serverWords(this.info?.name));
    for (const entry of this.pending) {
      const { recorder } = entry;
      if (recorder.requestId === undefined || !ids.includes(recorder.requestId)) continue;
      // The answer may come on the reconnected stream; the executor's deadline still bounds the wait.
      entry.resuming = how === 'resumable';
      if (entry.resuming) continue;
      setTimeout(() => {
        if (!recorder.answered && this.pending.has(entry)) entry.drop(new McpCallDroppedError(droppedMessage(this.info?.name, how), true));
      }, answerGraceMs);
    }
  }

  /** The call whose stream carried a server request; the only call in flight when that cannot be told. */
  private callOfServerRequest(serverRequestId: RequestId): PendingCall | undefined {
    const ids = this.tracked?.takeOrigin(serverRequestId) ?? [];
    const calls = [...this.pending];
    // The call's own request, or one it made (a task's tasks/result, which carries the task's questions).
    const onStream = calls.find((entry) => ids.some((id) => this.traffic.recorderOfRequest(id) === entry.recorder));
    return onStream ?? (calls.length === 1 ? calls[0] : undefined);
  }

  private requestingCall(serverRequestId: RequestId): RequestingCall | undefined {
    const recorder = this.traffic.recorderOfServerRequest(serverRequestId);
    const entry = recorder ? [...this.pending].find((candidate) => candidate.recorder === recorder) : undefined;
    if (!entry) return undefined;
    return {
      toolName: entry.toolName,
      signal: entry.signal,
      note: (message) => entry.recorder.note?.(message),
      wait: (on, detail) => entry.recorder.wait?.(on, detail) ?? (() => {}),
    };
  }

  /** The calls whose requests wait for a free connection say so (drawn as such, not as running). */
  private waitForConnection(ids: RequestId[]): () => void {
    const message = `All ${browserConnectionsPerServer} of the browser's connections to this server are in use.`;
    const ends = ids.flatMap((id) => this.traffic.recorderOfRequest(id)?.wait?.('connection', { message }) ?? []);
    return () => ends.forEach((end) => end());
  }

  private resumeFailed(reason: string): void {
    for (const entry of this.pending)
      if (entry.resuming && !entry.recorder.answered)
        entry.drop(
          new McpCallDroppedError(
            `${serverWords(this.info?.name)} dropped the connection during the call, and its stream could not be resumed (${reason}).`,
            true,
          ),
        );
  }

  private remember(direction: TrafficDirection, message: unknown): void {
    this.listings.observe(direction, message);
    this.log.push({ at: Date.now(), direction, message });
    if (this.log.length > maxLogEntries) this.log.shift();
  }
}

interface PendingCall {
  recorder: CallRecorder;
  toolName: string;
  signal: AbortSignal;
  drop(error: Error): void;
  /** Its stream closed after an event id: the SDK reconnects with Last-Event-ID after the server's `retry`. */
  resuming?: boolean;
}

/** The SDK's words when it gave up reconnecting a resumable stream. */
const reconnectFailure = /Maximum reconnection attempts|Failed to reconnect SSE stream/;

class ConnectTimeout extends Error {
  constructor(readonly afterMs: number) {
    super(`No answer within ${afterMs} ms`);
  }
}

const serverWords = (server: string | undefined) => (server ? `The MCP server ${server}` : 'The MCP server');

function droppedMessage(server: string | undefined, how: StreamEnd): string {
  const who = serverWords(server);
  return how === 'broken'
    ? `${who} dropped the connection during the call: no answer arrived.`
    : `${who} closed the call's response stream without answering.`;
}

async function probe(base: typeof fetch, url: URL): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  try {
    const response = await base(url, { mode: 'no-cors', method: 'GET', signal: controller.signal });
    await response.body?.cancel().catch(() => {});
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
