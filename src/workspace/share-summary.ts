// What a share link or an imported file carries, shown before the user accepts it: either is someone
// else's code and settings, and accepting it is the moment they start to matter.
import type { RunSettings, Workspace } from './workspace-schema.ts';

/** How the dialog names what brings the workspace in. */
export type WorkspaceCarrier = 'link' | 'file';

export interface SharedMcpServerSummary {
  url: string;
  /** Every header it is sent with: fixed ones (their values are in the workspace) and secret ones (asked for at Connect). */
  headerNames: string[];
  /** Not among the current workspace's servers (by URL). */
  added: boolean;
}

export interface SharedToolSummary {
  name: string;
  description: string;
  enabled: boolean;
  /** Both sources run in the sandbox: the schema source is evaluated to get the zod schema. */
  codeLines: number;
  schemaLines: number;
}

export interface WorkspaceSummary {
  tools: SharedToolSummary[];
  scenarios: { name: string }[];
  /** Origins the link lets tool code reach through ctx.fetch. */
  fetchAllowlist: string[];
  /** Allowlisted origins that the current workspace does not already allow (all of them without one). */
  addedOrigins: string[];
  mcpServers: SharedMcpServerSummary[];
  /** The model endpoint it sets: the provider and its base URL ('' for the provider's default). */
  provider: { kind: string; baseUrl: string };
  settings: RunSettings;
  /** Sentences to show prominently, most important first. */
  warnings: string[];
}

export function countLines(source: string): number {
  return source.trim() === '' ? 0 : source.replace(/\r?\n$/, '').split(/\r?\n/).length;
}

export function summarizeWorkspace(
  workspace: Workspace,
  currentWorkspace?: Workspace,
  carrier: WorkspaceCarrier = 'link',
): WorkspaceSummary {
  const it = carrier === 'link' ? 'The link' : 'The file';
  const tools = workspace.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    enabled: tool.enabled,
    codeLines: countLines(tool.codeSource),
    schemaLines: countLines(tool.schemaSource),
  }));
  const { fetchAllowlist, provider } = workspace.settings;
  const allowedNow = new Set(currentWorkspace?.settings.fetchAllowlist ?? []);
  const addedOrigins = fetchAllowlist.filter((origin) => !allowedNow.has(origin));

  const warnings: string[] = [];
  if (addedOrigins.length > 0) {
    warnings.push(
      `Tool code will be able to send requests to ${addedOrigins.join(', ')}: ${it.toLowerCase()} adds them to the fetch allowlist.`,
    );
  }
  // It cannot carry an API key, but it can point the model at a server that would receive yours: a key
  // entered for another base URL is only sent there once the person confirms (llm/api-key-store.ts).
  if (provider.baseUrl !== '' && provider.baseUrl !== currentWorkspace?.settings.provider.baseUrl) {
    warnings.push(
      `${it} sets the model endpoint to ${provider.baseUrl}: model requests would go there. A key you entered for another address is not sent there unless you confirm.`,
    );
  }
  const knownServers = new Set((currentWorkspace?.mcpServers ?? []).map((server) => server.url));
  const mcpServers = (workspace.mcpServers ?? []).map((server) => ({
    url: server.url,
    headerNames: [...server.headers.map((header) => header.name), ...server.secretHeaders],
    added: !knownServers.has(server.url),
  }));
  const addedServers = mcpServers.filter((server) => server.added);
  if (addedServers.length > 0) {
    warnings.push(
      `${it} adds MCP servers: ${addedServers.map((server) => server.url).join(', ')}. Toolscope connects to one only when you press Connect; the model's arguments for its tools then go to that server.`,
    );
  }
  const totalLines = tools.reduce((sum, tool) => sum + tool.codeLines + tool.schemaLines, 0);
  if (tools.length > 0) {
    const count = tools.length === 1 ? '1 tool' : `${tools.length} tools`;
    warnings.push(`${it} carries code: ${count}, ${totalLines} lines in all, which runs in the sandbox once you accept and run it.`);
  }
  return {
    tools,
    scenarios: workspace.scenarios.map((scenario) => ({ name: scenario.name })),
    fetchAllowlist: [...fetchAllowlist],
    addedOrigins,
    mcpServers,
    provider: { kind: provider.kind, baseUrl: provider.baseUrl },
    settings: workspace.settings,
    warnings,
  };
}
