// Whether the address asks for safe mode (safe-start.ts), apart from it: the first paint and the error
// fallbacks ask this without loading the saved workspace's schema (zod), which safe mode itself needs.

/** `?safe-mode` in the address starts in safe mode. */
export const SAFE_MODE_PARAMETER = 'safe-mode';

export function isSafeModeRequest(search: string): boolean {
  return new URLSearchParams(search).has(SAFE_MODE_PARAMETER);
}
