// Saved workspaces outlive app versions: every format the app ever wrote must still open.
// Each migration validates its own input shape first, so an error in an old save is reported with
// the paths of that old save (the ones a person sees in the text), not of the shape after migration.
import { z } from 'zod';
import { issuesFromZod, type WorkspaceIssue } from './workspace-issues.ts';
import {
  WORKSPACE_VERSION,
  providerSettingsSchema,
  retrySettingsSchema,
  runSettingsSchema,
  scenarioSourceSchema,
  toolSourceSchema,
  workspaceSchema,
  type VersionTrafficSettings,
  type Workspace,
} from './workspace-schema.ts';

export type MigrationResult =
  | { ok: true; workspace: Workspace; migratedFrom?: number }
  | { ok: false; reason: string; issues?: WorkspaceIssue[]; newerVersion?: boolean };

interface Migration {
  /** Turns a value of version `from` into version `from + 1`, or reports why it cannot. */
  run(raw: unknown): { ok: true; value: unknown } | { ok: false; issues: WorkspaceIssue[] };
}

function defineMigration<Schema extends z.ZodType>(inputSchema: Schema, migrate: (input: z.output<Schema>) => unknown): Migration {
  return {
    run(raw) {
      const parsed = inputSchema.safeParse(raw);
      return parsed.success ? { ok: true, value: migrate(parsed.data) } : { ok: false, issues: issuesFromZod(parsed.error) };
    },
  };
}

/**
 * Version 0 is the pre-release format (the first prototype, before the sandbox took TypeScript
 * sources): a tool kept its sources in `schema` and `code`, had no `enabled` switch and no draft
 * `argumentsText`, and the settings had no `provider` (only the mock model existed).
 */
export const workspaceV0Schema = z.object({
  version: z.literal(0),
  tools: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string(),
      description: z.string(),
      schema: z.string(),
      code: z.string(),
      timeoutMs: z.number().int().positive().optional(),
      idempotent: z.boolean(),
      retry: retrySettingsSchema.partial().optional(),
    }),
  ),
  scenarios: z.array(scenarioSourceSchema),
  settings: runSettingsSchema.omit({ provider: true }),
});

const migrateFromV0 = defineMigration(workspaceV0Schema, (v0) => ({
  version: 1,
  tools: v0.tools.map(({ schema, code, ...tool }) => ({
    ...tool,
    schemaSource: schema,
    codeSource: code,
    enabled: true,
    argumentsText: '{}',
  })),
  scenarios: v0.scenarios,
  // Only the mock model existed in v0, so that is what the run used (as version 1 wrote it: no `stream`).
  settings: { ...v0.settings, provider: { kind: 'mock', model: 'mock-1', baseUrl: '' } },
}));

/**
 * Version 2 kept a tool's canary as `{ version, traffic }` beside its frozen versions, with rules of its
 * own (issue 16): the newest version was the canary, the last frozen one stable. Version 3 saves core's
 * split instead (`traffic`, see tool-versions.ts).
 */
const canaryV2Schema = z.object({ version: z.string().min(1), traffic: z.number().min(0).max(1) });

export const workspaceV2Schema = workspaceSchema.extend({
  version: z.literal(2),
  tools: z.array(toolSourceSchema.omit({ traffic: true }).extend({ canary: canaryV2Schema.nullable().optional() })),
});

type ToolV2 = z.output<typeof workspaceV2Schema>['tools'][number];

/** The same split in version 3's words: the canary's share, or the promotion a rollback would undo. */
export function trafficFromV2(tool: Pick<ToolV2, 'version' | 'versions' | 'canary'>): VersionTrafficSettings | undefined {
  const lastFrozen = tool.versions?.at(-1)?.version;
  if (lastFrozen === undefined) return undefined;
  const inEditors = tool.version ?? 'v1';
  const { canary } = tool;
  if (canary && canary.traffic < 1) return { stable: lastFrozen, canary: { version: inEditors, share: canary.traffic }, replaced: [] };
  // Without a canary (or one at 100%, which version 2 meant as promoted) the editors' version serves every
  // call, and version 2's Rollback went back to the last frozen one.
  return { stable: inEditors, canary: null, replaced: [lastFrozen] };
}

const migrateFromV2 = defineMigration(workspaceV2Schema, (v2) => ({
  ...v2,
  version: 3,
  tools: v2.tools.map(({ canary, ...tool }) => {
    const traffic = trafficFromV2({ ...tool, canary });
    return traffic ? { ...tool, traffic } : tool;
  }),
}));

/** Version 1 always asked providers to stream: its provider settings had no `stream` switch. */
export const workspaceV1Schema = workspaceV2Schema.extend({
  version: z.literal(1),
  settings: runSettingsSchema.extend({ provider: providerSettingsSchema.omit({ stream: true }) }),
});

const migrateFromV1 = defineMigration(workspaceV1Schema, (v1) => ({
  ...v1,
  version: 2,
  settings: { ...v1.settings, provider: { ...v1.settings.provider, stream: true } },
}));

/** Keyed by the version a migration starts from. */
const migrations: ReadonlyMap<number, Migration> = new Map([
  [0, migrateFromV0],
  [1, migrateFromV1],
  [2, migrateFromV2],
]);

/** Brings a saved workspace of any known version to the current one and validates it. Never throws. */
export function migrateWorkspace(raw: unknown): MigrationResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'it is not a workspace object' };
  }
  const version = (raw as { version?: unknown }).version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    const issues = [{ path: ['version'], message: 'missing or not a whole number' }];
    return { ok: false, reason: 'it has no valid version number', issues };
  }
  if (version > WORKSPACE_VERSION) {
    const reason = `it comes from a newer Toolscope (workspace version ${version}; this one knows up to ${WORKSPACE_VERSION})`;
    return { ok: false, reason, newerVersion: true };
  }
  let value: unknown = raw;
  for (let step = version; step < WORKSPACE_VERSION; step += 1) {
    const migration = migrations.get(step);
    if (!migration) return { ok: false, reason: `there is no migration from workspace version ${step}` };
    const result = migration.run(value);
    if (!result.ok) return { ok: false, reason: `it is not a valid version ${step} workspace`, issues: result.issues };
    value = result.value;
  }
  const parsed = workspaceSchema.safeParse(value);
  if (!parsed.success) {
    return { ok: false, reason: 'it does not match the workspace format', issues: issuesFromZod(parsed.error) };
  }
  return version < WORKSPACE_VERSION ? { ok: true, workspace: parsed.data, migratedFrom: version } : { ok: true, workspace: parsed.data };
}
