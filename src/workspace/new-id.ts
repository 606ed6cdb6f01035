/** A new random id for a workspace item (tool, scenario). Not security-sensitive: only identity. */
export function newId(): string {
  return crypto.randomUUID();
}
