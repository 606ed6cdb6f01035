// fast-check arbitraries of workspaces that use every feature at once, as a person does in an afternoon:
// tools with versions and canaries (made by the Versions tab's own steps), per-tool overrides and faults,
// MCP servers with plain and secret headers and faults on their tools, scenarios with expectations,
// provider and run settings, the samples offered. Every value is valid and ids and names are unique, so a
// save must give it back as it is.
import fc from 'fast-check';
import { timeoutStrategies } from '../core/index.ts';
import type { FaultSettings } from '../faults/index.ts';
import { currentVersionLabel, discardVersion, rollbackVersion, setVersionTraffic, startNewVersion } from './saved-versions.ts';
import {
  WORKSPACE_VERSION,
  providerKindSchema,
  type McpServerSource,
  type RunSettings,
  type ScenarioSource,
  type ToolSource,
  type Workspace,
} from './workspace-schema.ts';

/** Text as people type and paste it: any Unicode, lone surrogates included (a pasted half of an emoji). */
const text = (maxLength = 40) => fc.string({ unit: 'binary', maxLength });
const shortText = (minLength = 0) => fc.string({ unit: 'grapheme', minLength, maxLength: 16 });
const percent = (max: number) => fc.integer({ min: 0, max }).map((value) => value / 100);
const milliseconds = (max: number) => fc.integer({ min: 0, max });

// Tool names the old filter took for credentials (issue 24) sit beside ordinary ones.
// Names of Object's members come too. "__proto__" does not: a saved record cannot hold it as a key (zod drops
// it, by design), so the app refuses to save faults for a tool of that name (store/mcp-slice.ts) instead.
const toolName = fc.oneof(
  fc.constantFrom('get_api_key', 'secret_lookup', 'refresh_token', 'password_reset', 'key', 'constructor', 'toString'),
  fc.stringMatching(/^[a-zA-Z0-9_-]{1,24}$/).filter((name) => name !== '__proto__'),
);

export const faultSettingsArbitrary: fc.Arbitrary<FaultSettings> = fc.record({
  enabled: fc.boolean(),
  latency: fc.option(
    fc.record({ distribution: fc.constantFrom('fixed', 'uniform', 'exponential'), ms: milliseconds(60_000), maxMs: milliseconds(60_000) }),
    { nil: null },
  ),
  // Six rates of at most 16% each: together at most 96%, as the schema asks.
  transientRate: percent(16),
  permanentRate: percent(16),
  rateLimitRate: percent(16),
  retryAfterMs: milliseconds(60_000),
  unavailableRate: percent(16),
  hangRate: percent(16),
  malformedRate: percent(16),
});

const retryOverrides = fc.record(
  {
    maxAttempts: fc.integer({ min: 1, max: 10 }),
    baseDelayMs: milliseconds(60_000),
    maxDelayMs: milliseconds(600_000),
    factor: fc.integer({ min: 10, max: 100 }).map((value) => value / 10),
  },
  { requiredKeys: [], noNullPrototype: true },
);

type VersionStep = { kind: 'new'; codeSource: string } | { kind: 'share'; ratio: number } | { kind: 'rollback' } | { kind: 'discard' };

const versionStep: fc.Arbitrary<VersionStep> = fc.oneof(
  fc.record({ kind: fc.constant('new' as const), codeSource: text() }),
  // The Versions tab's buttons (1% … 100%, which promotes) as often as any share typed in.
  fc.record({ kind: fc.constant('share' as const), ratio: fc.oneof(percent(100), fc.constantFrom(0.01, 0.1, 0.25, 0.5, 1)) }),
  fc.constant({ kind: 'rollback' as const }),
  fc.constant({ kind: 'discard' as const }),
);

/** The tool after the Versions tab's steps: New version (then an edit), a share, Rollback, Discard. */
function afterSteps(tool: ToolSource, steps: readonly VersionStep[]): ToolSource {
  return steps.reduce((current, step, index) => {
    if (step.kind === 'new')
      return { ...startNewVersion(current, new Date(Date.UTC(2026, 0, 1, 0, 0, index))), codeSource: step.codeSource };
    if (step.kind === 'share') return setVersionTraffic(current, currentVersionLabel(current), step.ratio) ?? current;
    if (step.kind === 'rollback') return rollbackVersion(current) ?? current;
    return discardVersion(current) ?? current;
  }, tool);
}

const toolFields = fc.record(
  {
    description: text(),
    schemaSource: text(),
    codeSource: text(),
    enabled: fc.boolean(),
    timeoutMs: fc.integer({ min: 1, max: 600_000 }),
    idempotent: fc.boolean(),
    retry: retryOverrides,
    timeoutStrategy: fc.constantFrom(...timeoutStrategies),
    killGraceMs: milliseconds(60_000),
    simulateUnhealthy: fc.boolean(),
    faults: faultSettingsArbitrary,
    argumentsText: text(),
  },
  { requiredKeys: ['description', 'schemaSource', 'codeSource', 'enabled', 'idempotent', 'argumentsText'], noNullPrototype: true },
);

const tools: fc.Arbitrary<ToolSource[]> = fc
  .uniqueArray(fc.tuple(fc.uuid(), toolName), { minLength: 1, maxLength: 4, selector: ([, name]) => name })
  .chain((identities) =>
    fc.tuple(
      ...identities.map(([id, name]) =>
        fc
          // Most tools start a new version first, as the canary lessons do.
          .tuple(toolFields, fc.array(versionStep, { maxLength: 6 }), fc.boolean())
          .map(
            ([fields, steps, released]) =>
              [fields, released ? [{ kind: 'new', codeSource: fields.codeSource } as const, ...steps] : steps] as const,
          )
          .map(([fields, steps]) => afterSteps({ id, name, ...fields }, steps)),
      ),
    ),
  );

const scenarios: fc.Arbitrary<ScenarioSource[]> = fc.uniqueArray(
  fc.record(
    { id: fc.uuid(), name: shortText(1), source: text(), expectations: text() },
    { requiredKeys: ['id', 'name', 'source'], noNullPrototype: true },
  ),
  { minLength: 1, maxLength: 3, selector: (scenario) => scenario.id },
);

const plainHeader = fc.record({ name: fc.constantFrom('X-Tenant', 'Accept', 'X-Request-Id', 'User-Agent'), value: shortText() });
const secretHeaderName = fc.constantFrom('Authorization', 'X-Api-Key', 'X-Auth-Token', 'Cookie');

const mcpServers: fc.Arbitrary<McpServerSource[]> = fc.uniqueArray(
  fc.record(
    {
      id: fc.uuid(),
      url: fc.webUrl(),
      headers: fc.array(plainHeader, { maxLength: 2 }),
      secretHeaders: fc.uniqueArray(secretHeaderName, { maxLength: 2 }),
      disabledTools: fc.array(toolName, { maxLength: 2 }),
      toolFaults: fc.dictionary(toolName, faultSettingsArbitrary, { maxKeys: 3, noNullPrototype: true }),
    },
    { requiredKeys: ['id', 'url', 'headers', 'secretHeaders', 'disabledTools'], noNullPrototype: true },
  ),
  { minLength: 1, maxLength: 2, selector: (server) => server.id },
);

const settings: fc.Arbitrary<RunSettings> = fc.record(
  {
    concurrency: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
    timeoutMs: fc.integer({ min: 1, max: 600_000 }),
    retry: fc.record({
      maxAttempts: fc.integer({ min: 1, max: 10 }),
      baseDelayMs: milliseconds(60_000),
      maxDelayMs: milliseconds(600_000),
      factor: fc.integer({ min: 10, max: 100 }).map((value) => value / 10),
    }),
    maxIterations: fc.integer({ min: 1, max: 100 }),
    speed: fc.integer({ min: 5, max: 1000 }).map((value) => value / 100),
    fetchAllowlist: fc.array(fc.webUrl(), { maxLength: 2 }),
    provider: fc.record({
      kind: fc.constantFrom(...providerKindSchema.options),
      model: shortText(),
      baseUrl: shortText(),
      stream: fc.boolean(),
    }),
    toolSelection: fc.record({ strategy: fc.constantFrom('all' as const, 'discover' as const), limit: fc.integer({ min: 1, max: 20 }) }),
    canaryRouting: fc.constantFrom('conversation' as const, 'call' as const),
    timeoutStrategy: fc.constantFrom(...timeoutStrategies),
    killGraceMs: milliseconds(60_000),
    faultSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  },
  { requiredKeys: ['concurrency', 'timeoutMs', 'retry', 'maxIterations', 'speed', 'fetchAllowlist', 'provider'], noNullPrototype: true },
);

export const workspaceArbitrary: fc.Arbitrary<Workspace> = fc.record(
  {
    version: fc.constant(WORKSPACE_VERSION),
    tools,
    scenarios,
    settings,
    mcpServers,
    samplesOffered: fc.array(shortText(1), { maxLength: 3 }),
  },
  { requiredKeys: ['version', 'tools', 'scenarios', 'settings', 'mcpServers'], noNullPrototype: true },
);

/** Values that must never leave the page, and where a careless spread at run time could put them. */
export const credentialsArbitrary = fc.record({
  apiKey: fc.stringMatching(/^[0-9a-f]{16}$/).map((hex) => `sk-credential-${hex}`),
  bearerToken: fc.stringMatching(/^[0-9a-f]{16}$/).map((hex) => `bearer-credential-${hex}`),
});

/** The workspace with credentials spread into it, as provider or connection state might be by mistake. */
export function withSmuggledCredentials(workspace: Workspace, credentials: { apiKey: string; bearerToken: string }): Workspace {
  const copy = structuredClone(workspace);
  Object.assign(copy.settings.provider, { apiKey: credentials.apiKey });
  if (copy.mcpServers?.[0]) Object.assign(copy.mcpServers[0], { bearerToken: credentials.bearerToken });
  if (copy.tools[0]) Object.assign(copy.tools[0], { authorization: `Bearer ${credentials.bearerToken}` });
  return copy;
}
