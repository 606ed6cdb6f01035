// API keys never belong in a workspace (ARCHITECTURE.md: keys stay in memory unless the user opts in,
// and never go into exports or share links). The schema has no such field, but a workspace object
// built by spreading provider state could carry one at run time, and zod's type would not show it.
// So everything that leaves the page (export, share link, save) passes through this filter.

/** Property names that hold credentials: `apiKey`, `api_key`, `key`, `authorization`, `x-api-key`... */
const SECRET_FIELD_NAME = /^(key|authorization|password|secret|bearer)$|api[-_]?key|(access|auth|bearer|refresh)[-_]?token|secret/i;

export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD_NAME.test(name);
}

export interface StrippedValue<Value> {
  value: Value;
  /** Dotted paths of the removed fields, e.g. `settings.provider.apiKey`, for logs and tests. */
  removedPaths: string[];
}

/** A deep copy of a JSON-like value without any field named like a credential. */
export function stripSecretFields<Value>(value: Value): StrippedValue<Value> {
  const removedPaths: string[] = [];
  const copy = copyWithout(value, [], removedPaths);
  return { value: copy as Value, removedPaths };
}

function copyWithout(value: unknown, path: string[], removedPaths: string[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => copyWithout(item, [...path, String(index)], removedPaths));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (isSecretFieldName(name)) {
      removedPaths.push([...path, name].join('.'));
      continue;
    }
    copy[name] = copyWithout(field, [...path, name], removedPaths);
  }
  return copy;
}

/** HTTP headers that carry credentials: their values are kept like API keys, never in the workspace. */
export function isSecretHeaderName(name: string): boolean {
  return /^(cookie|proxy-authorization)$/i.test(name.trim()) || isSecretFieldName(name.trim()) || /token|key|secret|password/i.test(name);
}
