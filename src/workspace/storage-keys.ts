// Where the workspace lives in browser storage, and how storage failures read to a person.

/** The part of the DOM `Storage` this module needs; `key`/`length` let it list copies kept aside. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key?(index: number): string | null;
  readonly length?: number;
}

export const WORKSPACE_KEY = 'toolscope.workspace';
export const BACKUP_KEY = 'toolscope.workspace.backup';

/** Why a copy was set aside; it is the middle part of the copy's key. */
export type KeptCopyKind = 'corrupted' | 'newer-version' | 'before-migration' | 'safe-mode';

export const KEPT_COPY_KINDS: readonly KeptCopyKind[] = ['corrupted', 'newer-version', 'before-migration', 'safe-mode'];

/** `toolscope.workspace.corrupted.2025-06-01T10:00:00.000Z` */
export function keptCopyKey(kind: KeptCopyKind, time: Date): string {
  return `${WORKSPACE_KEY}.${kind}.${time.toISOString()}`;
}

export function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Firefox used its own name; old WebKit and Chrome only set the legacy code (22).
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

export function describeStorageError(error: unknown): string {
  if (isQuotaExceeded(error)) {
    return 'browser storage is full (remove copies kept aside, or export the workspace to a file and start a smaller one)';
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // Safari in private mode and browsers with site data blocked throw SecurityError or similar here.
  return `browser storage is not available (${detail})`;
}
