// MCP servers in the store: the saved list (in the workspace, never a secret), the live state of each
// connection (mirrored from McpServers, src/mcp), the servers' tools as the run layer gets them, and the
// Test call drafts of those tools. Secret header values (a bearer token, an API key header) are kept in
// the API key store: in memory, on this device only when the user asks.
import type { StateCreator } from 'zustand/vanilla';
import type { FaultSettings } from '../faults/index.ts';
import type { ApiKeyStore } from '../llm/index.ts';
import { describeToolListChange, mcpToolId, type McpServers, type McpServerState, type RemoteTool } from '../mcp/index.ts';
import { newId } from '../workspace/new-id.ts';
import { isMcpToolEnabled } from '../workspace/mcp-tool-switches.ts';
import { isSecretHeaderName } from '../workspace/secret-headers.ts';
import type { McpHeader, McpServerSource } from '../workspace/workspace-schema.ts';
import type { RemoteToolView } from '../session/index.ts';
import { sampleValue } from './arguments/sample-arguments.ts';
import { createQuestionDesk, type McpQuestion, type McpQuestionAnswer } from './mcp-questions.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export interface McpConnectInput {
  /** The saved server to update; a new one is added without it. */
  serverId?: string;
  url: string;
  /** Every header with its value; secret ones are split off before saving. */
  headers: McpHeader[];
  /** Sent as `Authorization: Bearer …`; kept as a secret. */
  bearerToken?: string;
  /** Keep the secret values on this device (in plain text in its storage), as for API keys. */
  rememberSecrets: boolean;
}

export interface McpSlice {
  mcpStates: readonly McpServerState[];
  mcpTools: readonly RemoteTool[];
  /** Draft arguments of MCP tools' Test call, by tool id (in memory). */
  mcpArguments: Record<string, string>;
  connectMcpServer(input: McpConnectInput): Promise<McpServerState>;
  /** Connects a saved server with the secrets in memory; names the secret headers still missing, if any. */
  reconnectMcpServer(serverId: string): Promise<{ missingSecrets: string[] }>;
  disconnectMcpServer(serverId: string): Promise<void>;
  removeMcpServer(serverId: string): Promise<void>;
  setMcpToolEnabled(toolId: string, enabled: boolean): void;
  /** Faults to inject around an MCP tool, saved with its server (issue 19). */
  setMcpToolFaults(toolId: string, faults: FaultSettings): void;
  setMcpArguments(toolId: string, argumentsText: string): void;
  /** What servers ask the person mid-call (an elicitation form, consent to sample a real model), oldest first. */
  mcpQuestions: readonly McpQuestion[];
  answerMcpQuestion(questionId: string, answer: McpQuestionAnswer): void;
}

export const secretKeyOf = (serverId: string, header: string) => `mcp:${serverId}:${header.trim().toLowerCase()}`;

export const createMcpSlice =
  (servers: McpServers, apiKeys: ApiKeyStore): StateCreator<AppState, AppMiddlewares, [], McpSlice> =>
  (set, get) => {
    const saved = () => get().workspace.mcpServers ?? [];
    const saveServers = (mcpServers: McpServerSource[], action: string) =>
      set((state) => ({ workspace: { ...state.workspace, mcpServers } }), undefined, action);
    const connectSaved = (source: McpServerSource) => {
      const headers = Object.fromEntries(source.headers.map((header) => [header.name, header.value]));
      for (const name of source.secretHeaders) {
        // Only a secret entered for this URL: an imported file that moved the server elsewhere does not get it (issue 28).
        const value = apiKeys.get(secretKeyOf(source.id, name), source.url);
        if (value !== undefined) headers[name] = value;
      }
      return servers.connect({ id: source.id, url: source.url, headers });
    };

    const desk = createQuestionDesk(
      {
        questions: [],
        publish: (mcpQuestions) => set({ mcpQuestions }, undefined, 'mcp/questions'),
        provider: () => get().workspace.settings.provider,
      },
      apiKeys,
    );
    servers.answerRequestsWith(desk.handlers);

    servers.subscribe((event) => {
      set({ mcpStates: servers.states(), mcpTools: servers.tools() }, undefined, 'mcp/update');
      if (event?.type === 'closed') get().notify({ level: 'warning', message: `MCP server ${event.serverLabel}: ${event.reason}` });
      if (event?.type === 'tools-changed')
        get().notify({
          level: 'info',
          message: `MCP server ${event.serverLabel} changed its tools: ${describeToolListChange(event.change)}.`,
        });
    });

    return {
      mcpStates: servers.states(),
      mcpTools: servers.tools(),
      mcpArguments: {},
      mcpQuestions: [],
      answerMcpQuestion: (questionId, answer) => desk.answer(questionId, answer),

      async connectMcpServer(input) {
        const id = input.serverId ?? newId();
        const previous = saved().find((server) => server.id === id);
        const typed = input.headers
          .map((header) => ({ name: header.name.trim(), value: header.value }))
          .filter((header) => header.name !== '');
        if (input.bearerToken?.trim()) typed.push({ name: 'Authorization', value: `Bearer ${input.bearerToken.trim()}` });
        const secrets = typed.filter((header) => isSecretHeaderName(header.name) && header.value !== '');
        const same = (left: string, right: string) => left.toLowerCase() === right.toLowerCase();
        // A secret left blank when editing keeps the value in memory (the form never shows secrets).
        const kept = (previous?.secretHeaders ?? []).filter(
          (name) =>
            !secrets.some((header) => same(header.name, name)) &&
            (typed.some((header) => same(header.name, name)) || (same(name, 'Authorization') && !input.bearerToken?.trim())),
        );
        const url = input.url.trim();
        for (const header of secrets)
          apiKeys.set(secretKeyOf(id, header.name), header.value, { remember: input.rememberSecrets, endpoint: url });
        for (const name of kept) {
          // A kept secret stays with the URL it was entered for; a new URL asks for it again.
          const value = apiKeys.get(secretKeyOf(id, name), url);
          if (value !== undefined) apiKeys.set(secretKeyOf(id, name), value, { remember: input.rememberSecrets });
        }
        const source: McpServerSource = {
          id,
          url,
          headers: typed.filter((header) => !isSecretHeaderName(header.name)),
          secretHeaders: [...secrets.map((header) => header.name), ...kept],
          disabledTools: previous?.disabledTools ?? [],
        };
        if (previous)
          saveServers(
            saved().map((server) => (server.id === id ? source : server)),
            'mcp/save',
          );
        const state = await connectSaved(source);
        // A new server is kept once it has answered; a failed first try leaves nothing behind.
        if (!previous && state.status === 'connected') saveServers([...saved(), source], 'mcp/save');
        if (!previous && state.status !== 'connected') {
          for (const header of secrets) apiKeys.remove(secretKeyOf(id, header.name));
          await servers.remove(id);
        }
        return state;
      },

      async reconnectMcpServer(serverId) {
        const source = saved().find((server) => server.id === serverId);
        if (!source) return { missingSecrets: [] };
        const missingSecrets = source.secretHeaders.filter((name) => apiKeys.get(secretKeyOf(serverId, name), source.url) === undefined);
        if (missingSecrets.length > 0) return { missingSecrets };
        await connectSaved(source);
        return { missingSecrets };
      },

      disconnectMcpServer: (serverId) => servers.disconnect(serverId),

      async removeMcpServer(serverId) {
        const source = saved().find((server) => server.id === serverId);
        for (const name of source?.secretHeaders ?? []) apiKeys.remove(secretKeyOf(serverId, name));
        saveServers(
          saved().filter((server) => server.id !== serverId),
          'mcp/remove',
        );
        await servers.remove(serverId);
      },

      setMcpToolEnabled(toolId, enabled) {
        const tool = get().mcpTools.find((candidate) => candidate.id === toolId);
        if (!tool) return;
        const update = (server: McpServerSource): McpServerSource => {
          const others = server.disabledTools.filter((name) => name !== tool.definition.name);
          return { ...server, disabledTools: enabled ? others : [...others, tool.definition.name] };
        };
        saveServers(
          saved().map((server) => (server.id === tool.serverId ? update(server) : server)),
          'mcp/toggleTool',
        );
      },

      setMcpToolFaults(toolId, faults) {
        const tool = get().mcpTools.find((candidate) => candidate.id === toolId);
        if (!tool) return;
        const name = tool.definition.name;
        // Tool names are the server's: a saved record cannot hold "__proto__" as a key (zod drops it, as JSON
        // tooling should), so its faults would vanish at the next save. Say so instead of losing them.
        if (name === '__proto__') {
          get().notify({ level: 'warning', message: 'Faults cannot be saved for a tool named "__proto__"; rename it on its server.' });
          return;
        }
        saveServers(
          saved().map((server) =>
            server.id === tool.serverId ? { ...server, toolFaults: { ...server.toolFaults, [name]: faults } } : server,
          ),
          'mcp/toolFaults',
        );
      },

      setMcpArguments: (toolId, argumentsText) =>
        set((state) => ({ mcpArguments: { ...state.mcpArguments, [toolId]: argumentsText } }), undefined, 'mcp/arguments'),
    };
  };

/** The faults saved for an MCP tool with its server, if any. */
export function mcpToolFaults(
  sources: readonly McpServerSource[] | undefined,
  tool: Pick<RemoteTool, 'serverId' | 'definition'>,
): FaultSettings | undefined {
  const toolFaults = sources?.find((server) => server.id === tool.serverId)?.toolFaults;
  // Own keys only: a tool named "constructor" or "toString" has no faults unless some were saved for it.
  return toolFaults && Object.hasOwn(toolFaults, tool.definition.name) ? toolFaults[tool.definition.name] : undefined;
}

const faultsPart = (faults: FaultSettings | undefined) => (faults ? { faults } : {});

/** The Test call draft of an MCP tool: what the user typed, or sample arguments from its inputSchema. */
export function mcpArgumentsText(state: Pick<AppState, 'mcpArguments'>, tool: Pick<RemoteTool, 'id' | 'definition'>): string {
  const draft = state.mcpArguments[tool.id];
  if (draft !== undefined) return draft;
  const schema = tool.definition.inputSchema;
  return JSON.stringify(schema && typeof schema === 'object' ? sampleValue(schema as Record<string, unknown>) : {}, null, 2);
}

/** The connected servers' tools as the run layer takes them (see WorkspaceView.remoteTools). */
export function remoteToolViews(state: Pick<AppState, 'mcpTools' | 'mcpArguments' | 'workspace'>): RemoteToolView[] {
  return state.mcpTools.map((remote) => ({
    id: remote.id,
    tool: remote.tool,
    problem: remote.problem,
    enabled: isMcpToolEnabled(state.workspace.mcpServers, remote),
    ...faultsPart(mcpToolFaults(state.workspace.mcpServers, remote)),
    argumentsText: mcpArgumentsText(state, remote),
    source: `MCP server ${remote.serverLabel}`,
  }));
}

export { mcpToolId };
