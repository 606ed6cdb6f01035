// The MCP servers of a session: connect, disconnect, their state for the UI, and their tools as core
// Tools for the run layer. Several at once. Free of the SDK: the client loads on the first connect.
import { messageOf, type Tool } from '../core/index.ts';
import type { McpConnection, McpConnectionOptions } from './client/mcp-connection.ts';
import { loadMcpClient, type McpClientModule } from './load-client.ts';
import {
  describeToolListChange,
  type McpServerInfo,
  type McpServerRequestHandlers,
  type McpToolDefinition,
  type McpToolListChange,
} from './mcp-types.ts';

export interface McpServerConfig {
  id: string;
  url: string;
  /** Every header to send, secrets included (they never leave memory from here). */
  headers: Record<string, string>;
}

export type McpServerStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface McpServerState {
  id: string;
  url: string;
  status: McpServerStatus;
  /** Why the last connect failed, or why the connection ended. */
  error: string | null;
  info: McpServerInfo | null;
  tools: McpToolDefinition[];
  /** The last change to the tool list while connected, in words, with the tools it added and changed. */
  lastChange: { at: number; text: string; added: string[]; changed: string[] } | null;
}

/** A connected server's tool as the run layer gets it: a core Tool, or why there is none. */
export interface RemoteTool {
  id: string;
  serverId: string;
  serverLabel: string;
  definition: McpToolDefinition;
  tool: Tool | null;
  problem: string | null;
}

export type McpServersEvent =
  | { type: 'tools-changed'; serverId: string; serverLabel: string; change: McpToolListChange }
  | { type: 'closed'; serverId: string; serverLabel: string; reason: string };

export function mcpToolId(serverId: string, toolName: string): string {
  return `mcp:${serverId}:${toolName}`;
}

export function isMcpToolId(toolId: string | null | undefined): boolean {
  return typeof toolId === 'string' && toolId.startsWith('mcp:');
}

export interface McpServersOptions {
  load?: () => Promise<McpClientModule>;
  /** Connection options for tests (a fetch, an in-memory transport per server). */
  connectionOptions?: (config: McpServerConfig) => Partial<McpConnectionOptions>;
}

interface Entry {
  state: McpServerState;
  connection: McpConnection | null;
  tools: RemoteTool[];
  /** Bumped on each connect or disconnect, so a slow connect that lost the race changes nothing. */
  generation: number;
}

export class McpServers {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(event?: McpServersEvent) => void>();
  private module: McpClientModule | undefined;
  private snapshot: McpServerState[] = [];
  private toolSnapshot: RemoteTool[] = [];
  private requestHandlers: McpServerRequestHandlers | undefined;

  constructor(private readonly options: McpServersOptions = {}) {}

  /** How servers' elicitation and sampling requests are answered (the store: a form, the chosen model). */
  answerRequestsWith(handlers: McpServerRequestHandlers): void {
    this.requestHandlers = handlers;
  }

  /** The same array until something changes (safe for React selectors). */
  states(): readonly McpServerState[] {
    return this.snapshot;
  }

  /** The tools of the connected servers; the same array until something changes. */
  tools(): readonly RemoteTool[] {
    return this.toolSnapshot;
  }

  subscribe(listener: (event?: McpServersEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Never rejects: a failure is the server's state (`failed`, with the reason in words). */
  async connect(config: McpServerConfig): Promise<McpServerState> {
    const previous = this.entries.get(config.id);
    await previous?.connection?.close();
    const entry: Entry = {
      state: { id: config.id, url: config.url, status: 'connecting', error: null, info: null, tools: [], lastChange: null },
      connection: null,
      tools: [],
      generation: (previous?.generation ?? 0) + 1,
    };
    const generation = entry.generation;
    this.entries.set(config.id, entry);
    this.publish();
    try {
      const module = (this.module ??= await (this.options.load ?? loadMcpClient)());
      const connection = await module.McpConnection.open({
        url: config.url,
        headers: config.headers,
        onToolsChanged: (change) => this.toolsChanged(config.id, generation, change),
        onClosed: (reason) => this.closedByServer(config.id, generation, reason),
        ...(this.requestHandlers ? { requests: this.requestHandlers } : {}),
        ...this.options.connectionOptions?.(config),
      });
      if (this.entries.get(config.id)?.generation !== generation) {
        await connection.close();
        return this.entries.get(config.id)?.state ?? entry.state;
      }
      entry.connection = connection;
      entry.state = { ...entry.state, status: 'connected', info: connection.info, tools: connection.tools };
      entry.tools = this.toolsOf(entry);
    } catch (error) {
      if (this.entries.get(config.id)?.generation !== generation) return entry.state;
      entry.state = { ...entry.state, status: 'failed', error: messageOf(error) };
    }
    this.publish();
    return entry.state;
  }

  /** Closes the connection; calls in flight end with "disconnected". The server stays in the list. */
  async disconnect(serverId: string): Promise<void> {
    const entry = this.entries.get(serverId);
    if (!entry) return;
    entry.generation++;
    const connection = entry.connection;
    entry.connection = null;
    entry.tools = [];
    entry.state = { ...entry.state, status: 'disconnected', error: null, lastChange: null };
    this.publish();
    await connection?.close(`${labelOf(entry.state)} was disconnected (MCP servers → Disconnect).`);
  }

  async remove(serverId: string): Promise<void> {
    await this.disconnect(serverId);
    this.entries.delete(serverId);
    this.publish();
  }

  private toolsChanged(serverId: string, generation: number, change: McpToolListChange): void {
    const entry = this.entries.get(serverId);
    if (!entry?.connection || entry.generation !== generation) return;
    // Servers send list_changed in bursts; a refresh that found nothing new says nothing.
    if (change.added.length + change.removed.length + change.changed.length === 0) return;
    entry.state = {
      ...entry.state,
      tools: entry.connection.tools,
      lastChange: { at: Date.now(), text: describeToolListChange(change), added: change.added, changed: change.changed },
    };
    entry.tools = this.toolsOf(entry);
    this.publish({ type: 'tools-changed', serverId, serverLabel: labelOf(entry.state), change });
  }

  private closedByServer(serverId: string, generation: number, reason: string): void {
    const entry = this.entries.get(serverId);
    if (!entry || entry.generation !== generation) return;
    entry.connection = null;
    entry.tools = [];
    entry.state = { ...entry.state, status: 'failed', error: reason };
    this.publish({ type: 'closed', serverId, serverLabel: labelOf(entry.state), reason });
  }

  private toolsOf(entry: Entry): RemoteTool[] {
    const { connection, state } = entry;
    const module = this.module;
    if (!connection || !module) return [];
    const serverLabel = labelOf(state);
    return connection.tools.map((definition) => {
      const base = { id: mcpToolId(state.id, definition.name), serverId: state.id, serverLabel, definition };
      try {
        return { ...base, tool: module.toCoreTool({ connection, serverLabel, definition }), problem: null };
      } catch (error) {
        return { ...base, tool: null, problem: messageOf(error) };
      }
    });
  }

  private publish(event?: McpServersEvent): void {
    this.snapshot = [...this.entries.values()].map((entry) => entry.state);
    this.toolSnapshot = [...this.entries.values()].flatMap((entry) => entry.tools);
    for (const listener of this.listeners) listener(event);
  }
}

export function labelOf(state: Pick<McpServerState, 'info' | 'url'>): string {
  return state.info?.title ?? state.info?.name ?? state.url;
}
