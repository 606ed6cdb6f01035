// What a share link carries, shown before the user accepts it: a link is someone else's code and
// settings, and accepting it is the moment they start to matter.
import type { RunSettings, Workspace } from './workspace-schema.ts';

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
  settings: RunSettings;
  /** Sentences to show prominently, most important first. */
  warnings: string[];
}

export function countLines(source: string): number {
  return source.trim() === '' ? 0 : source.replace(/\r?\n$/, '').split(/\r?\n/).length;
}

export function summarizeWorkspace(workspace: Workspace, currentWorkspace?: Workspace): WorkspaceSummary {
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
    warnings.push(`Tool code will be able to send requests to ${addedOrigins.join(', ')}: the link adds them to the fetch allowlist.`);
  }
  // A link cannot carry an API key, but it can point the model at a server that would receive yours.
  if (provider.baseUrl !== '' && provider.baseUrl !== currentWorkspace?.settings.provider.baseUrl) {
    warnings.push(`The link sets the model endpoint to ${provider.baseUrl}: model requests, with your API key, would go there.`);
  }
  const totalLines = tools.reduce((sum, tool) => sum + tool.codeLines + tool.schemaLines, 0);
  if (tools.length > 0) {
    const count = tools.length === 1 ? '1 tool' : `${tools.length} tools`;
    warnings.push(`The link carries code: ${count}, ${totalLines} lines in all, which runs in the sandbox once you accept and run it.`);
  }
  return {
    tools,
    scenarios: workspace.scenarios.map((scenario) => ({ name: scenario.name })),
    fetchAllowlist: [...fetchAllowlist],
    addedOrigins,
    settings: workspace.settings,
    warnings,
  };
}
