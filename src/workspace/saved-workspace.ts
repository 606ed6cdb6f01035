// The envelope a workspace is saved in, and what a stored text turns out to be when read back.
import { messageOf } from '../core/index.ts';
import { migrateWorkspace } from './migrations.ts';
import { withoutCredentials } from './credential-fields.ts';
import { describeIssues } from './workspace-issues.ts';
import { WORKSPACE_VERSION, workspaceSchema, type Workspace } from './workspace-schema.ts';

export interface SaveEnvelope {
  version: number;
  savedAt: string;
  workspace: Workspace;
}

export type SavedWorkspace =
  | { kind: 'valid'; workspace: Workspace; savedAt?: string; migratedFrom?: number }
  | { kind: 'corrupted'; reason: string }
  | { kind: 'newer-version'; reason: string };

export function serializeSavedWorkspace(workspace: Workspace, time: Date): string {
  const envelope: SaveEnvelope = {
    version: WORKSPACE_VERSION,
    savedAt: time.toISOString(),
    workspace: withoutCredentials(workspaceSchema, workspace).value,
  };
  return JSON.stringify(envelope);
}

/** Classifies a stored text. Never throws: whatever is in storage was put there by someone else. */
export function readSavedWorkspace(raw: string): SavedWorkspace {
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw);
  } catch (error) {
    const detail = messageOf(error);
    return { kind: 'corrupted', reason: `it is not valid JSON (${detail})` };
  }
  if (typeof envelope !== 'object' || envelope === null || !('workspace' in envelope)) {
    return { kind: 'corrupted', reason: 'it is not a saved workspace (there is no "workspace" field)' };
  }
  const { version, savedAt, workspace } = envelope as Partial<Record<keyof SaveEnvelope, unknown>>;
  if (typeof version === 'number' && version > WORKSPACE_VERSION) {
    return {
      kind: 'newer-version',
      reason: `it comes from a newer Toolscope (save format version ${version}; this one knows up to ${WORKSPACE_VERSION})`,
    };
  }
  const result = migrateWorkspace(workspace);
  if (!result.ok) {
    const reason = result.issues?.length ? `${result.reason}: ${describeIssues(result.issues)}` : result.reason;
    return { kind: result.newerVersion ? 'newer-version' : 'corrupted', reason };
  }
  return {
    kind: 'valid',
    workspace: result.workspace,
    ...(typeof savedAt === 'string' ? { savedAt } : {}),
    ...(result.migratedFrom === undefined ? {} : { migratedFrom: result.migratedFrom }),
  };
}
