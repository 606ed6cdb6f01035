// The per-workspace list of origins ctx.fetch may reach. Empty by default: a tool reaches the network
// only where the user said it may. Entries are compared as origins (scheme + host + port), so
// "https://api.example.com/v1" in the settings allows all of https://api.example.com and nothing else.

export type AllowlistDecision = { allowed: true; url: URL } | { allowed: false; message: string };

/** `https://Api.Example.com:443/x` → `https://api.example.com`; undefined for anything not http(s). */
export function normalizeOrigin(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.origin;
}

export function checkFetchAllowed(rawUrl: string, allowlist: readonly string[]): AllowlistDecision {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return {
      allowed: false,
      message: `fetch: "${truncate(rawUrl)}" is not an absolute URL (relative URLs have no meaning in the sandbox)`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { allowed: false, message: `fetch to ${truncate(rawUrl)} blocked: only http and https URLs can be fetched` };
  }
  if (url.username !== '' || url.password !== '') {
    return { allowed: false, message: `fetch to ${url.origin} blocked: URLs with credentials in them are not allowed` };
  }
  const allowed = new Set(allowlist.map(normalizeOrigin).filter((origin): origin is string => origin !== undefined));
  if (!allowed.has(url.origin)) return { allowed: false, message: blockedMessage(url.origin) };
  return { allowed: true, url };
}

export function blockedMessage(origin: string): string {
  return `fetch to ${origin} blocked: origin not in the allowlist. Add "${origin}" under Settings → Network allowlist.`;
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
