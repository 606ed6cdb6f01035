// Every format a Toolscope save was ever written in, read from the git history of workspace-schema.ts and
// migrations.ts. Each writer takes a current workspace and gives what that version of the app would have
// saved of it (only what its format could hold), and what loading that save must give today. The save
// filter before issue 24 dropped every property named like a credential, so the formats written since MCP
// servers existed lack `secretHeaders`, and any faults of an MCP tool named like `get_api_key`.
import type { Workspace, ToolSource, VersionTrafficSettings } from './workspace-schema.ts';

export interface SavedFormat {
  /** Which app wrote it, by the commits that began and ended the format. */
  name: string;
  /** The `version` of the envelope and of the workspace it holds. */
  version: number;
  write(workspace: Workspace): { saved: unknown; expected: Workspace };
}

/** The filter saves went through from the first save (7864118) until issue 24. */
const OLD_CREDENTIAL_NAME = /^(key|authorization|password|secret|bearer)$|api[-_]?key|(access|auth|bearer|refresh)[-_]?token|secret/i;

export function oldNameFilter(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(oldNameFilter);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !OLD_CREDENTIAL_NAME.test(name))
      .map(([name, field]) => [name, oldNameFilter(field)]),
  );
}

/** Drops the keys whose value is undefined, as JSON would. */
const defined = <Value extends object>(value: Value): Value =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Value;

/**
 * Version 2's `canary` for a tool's split, when version 2 could say it: the editors' version as a canary
 * beside the last frozen one, or promoted with the last frozen one to roll back to. Null otherwise.
 */
function canaryOfV2(tool: ToolSource): { canary?: { version: string; traffic: number } | null } | null {
  const lastFrozen = tool.versions?.at(-1)?.version;
  const traffic: VersionTrafficSettings | undefined = tool.traffic;
  if (lastFrozen === undefined) return traffic === undefined ? {} : null;
  const inEditors = tool.version ?? 'v1';
  if (traffic?.canary?.version === inEditors && traffic.stable === lastFrozen && traffic.replaced.length === 0)
    return { canary: { version: inEditors, traffic: traffic.canary.share } };
  if (traffic && !traffic.canary && traffic.stable === inEditors && traffic.replaced.length === 1 && traffic.replaced[0] === lastFrozen)
    return { canary: null };
  return null;
}

/** A tool as a format with version 2's canary holds it: its versions where they fit, else none at all. */
function withCanaryOfV2(tool: ToolSource): { saved: Record<string, unknown>; expected: ToolSource } {
  const { traffic: _traffic, ...rest } = tool;
  const canary = canaryOfV2(tool);
  if (canary) return { saved: { ...rest, ...canary }, expected: tool };
  const { version: _version, versions: _versions, ...plain } = rest;
  return { saved: plain, expected: plain };
}

const mockProvider = { kind: 'mock' as const, model: 'mock-1', baseUrl: '' };

/** Run settings as versions 0 and 1 of the first release knew them. */
function firstSettings(workspace: Workspace) {
  const { concurrency, timeoutMs, retry, maxIterations, speed, fetchAllowlist } = workspace.settings;
  return { concurrency, timeoutMs, retry, maxIterations, speed, fetchAllowlist };
}

const firstScenarios = (workspace: Workspace) => workspace.scenarios.map(({ id, name, source }) => ({ id, name, source }));

export const savedFormats: readonly SavedFormat[] = [
  {
    name: 'version 0, the prototype (7864118)',
    version: 0,
    write(workspace) {
      const tools = workspace.tools.map((tool) => ({
        saved: defined({
          id: tool.id,
          name: tool.name,
          description: tool.description,
          schema: tool.schemaSource,
          code: tool.codeSource,
          timeoutMs: tool.timeoutMs,
          idempotent: tool.idempotent,
          retry: tool.retry,
        }),
        expected: defined({
          id: tool.id,
          name: tool.name,
          description: tool.description,
          schemaSource: tool.schemaSource,
          codeSource: tool.codeSource,
          enabled: true,
          timeoutMs: tool.timeoutMs,
          idempotent: tool.idempotent,
          retry: tool.retry,
          argumentsText: '{}',
        }),
      }));
      return {
        saved: {
          version: 0,
          tools: tools.map((tool) => tool.saved),
          scenarios: firstScenarios(workspace),
          settings: firstSettings(workspace),
        },
        expected: {
          version: 3,
          tools: tools.map((tool) => tool.expected),
          scenarios: firstScenarios(workspace),
          settings: { ...firstSettings(workspace), provider: { ...mockProvider, stream: true } },
        },
      };
    },
  },
  {
    name: 'version 1, the first release (72fd00f)',
    version: 1,
    write(workspace) {
      const tools = workspace.tools.map((tool) =>
        defined({
          id: tool.id,
          name: tool.name,
          description: tool.description,
          schemaSource: tool.schemaSource,
          codeSource: tool.codeSource,
          enabled: tool.enabled,
          timeoutMs: tool.timeoutMs,
          idempotent: tool.idempotent,
          retry: tool.retry,
          version: tool.version,
          argumentsText: tool.argumentsText,
        }),
      );
      const { kind, model, baseUrl } = workspace.settings.provider;
      const provider = ['mock', 'openai', 'anthropic', 'openai-compatible'].includes(kind) ? { kind, model, baseUrl } : mockProvider;
      const settings = { ...firstSettings(workspace), provider };
      return {
        saved: { version: 1, tools, scenarios: firstScenarios(workspace), settings },
        expected: {
          version: 3,
          tools,
          scenarios: firstScenarios(workspace),
          settings: { ...settings, provider: { ...provider, stream: true } },
        },
      };
    },
  },
  {
    name: 'version 1 with the tool registry: versions, canary, simulated outage, discovery (27b8552 to 28eed3b)',
    version: 1,
    write(workspace) {
      const tools = workspace.tools.map((tool) => {
        const { timeoutStrategy: _strategy, killGraceMs: _grace, faults: _faults, ...known } = tool;
        return withCanaryOfV2(known);
      });
      const { timeoutStrategy: _strategy, killGraceMs: _grace, faultSeed: _seed, ...known } = workspace.settings;
      const { stream: _stream, ...provider } = known.provider;
      return {
        saved: {
          version: 1,
          tools: tools.map((tool) => tool.saved),
          scenarios: firstScenarios(workspace),
          settings: { ...known, provider },
        },
        expected: {
          version: 3,
          tools: tools.map((tool) => tool.expected),
          scenarios: firstScenarios(workspace),
          settings: { ...known, provider: { ...provider, stream: true } },
        },
      };
    },
  },
  {
    name: 'version 2: streaming, MCP servers, faults, expectations, timeout strategies (28eed3b to ab68d5a)',
    version: 2,
    write(workspace) {
      const tools = workspace.tools.map(withCanaryOfV2);
      const mcpServers = workspace.mcpServers?.map(({ toolFaults: _faults, ...server }) => server);
      const { samplesOffered: _offered, ...rest } = workspace;
      const current = defined({ ...rest, mcpServers });
      const expected = defined({
        ...current,
        tools: tools.map((tool) => tool.expected),
        mcpServers: mcpServers?.map((server) => ({ ...server, secretHeaders: [] })),
      });
      return { saved: oldNameFilter({ ...current, version: 2, tools: tools.map((tool) => tool.saved) }), expected };
    },
  },
  {
    name: 'version 3 before issue 24: the split of traffic, samples offered, faults on MCP tools (ab68d5a to 9e783f1)',
    version: 3,
    write(workspace) {
      const saved = oldNameFilter(workspace) as Workspace;
      return {
        saved,
        expected: {
          ...saved,
          ...(saved.mcpServers ? { mcpServers: saved.mcpServers.map((server) => ({ ...server, secretHeaders: [] })) } : {}),
        },
      };
    },
  },
  {
    name: 'version 3 (9e783f1 on)',
    version: 3,
    write: (workspace) => ({ saved: workspace, expected: workspace }),
  },
];
