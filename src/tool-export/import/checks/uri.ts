// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Self-contained: a schema module imports zod alone.

/** An IPv6 address as RFC 3986 writes it (eight groups, one `::`, an IPv4 address at the end allowed). */
export function isIpv6Address(text: string): boolean {
  let groups = text;
  let extra = 0;
  if (text.includes('.')) {
    const colon = text.lastIndexOf(':');
    const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
    if (colon < 0 || !new RegExp(`^${octet}(?:\\.${octet}){3}$`).test(text.slice(colon + 1))) return false;
    groups = text.endsWith('::', colon + 1) ? text.slice(0, colon + 1) : text.slice(0, colon);
    extra = 2;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return false;
  const counts = halves.map((half) => (half === '' ? 0 : half.split(':').length));
  const hex = halves.every((half) => half === '' || half.split(':').every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group)));
  const total = counts.reduce((sum, count) => sum + count, extra);
  return hex && (halves.length === 2 ? total <= 7 : total === 8);
}

/**
 * JSON Schema's "uri": an absolute URI as RFC 3986 defines it (scheme, then authority and path, query,
 * fragment), with only the characters it allows: no spaces, `<>{}|\^"` or raw non-ASCII.
 */
export function isUri(text: string): boolean {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(text);
  if (!match) return false;
  const [, , authority, path = '', query = '', fragment = ''] = match;
  const allowed = (part: string, extra: string) => new RegExp(`^(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@${extra}]|%[0-9A-Fa-f]{2})*$`).test(part);
  if (!allowed(path, '/') || !allowed(query, '/?') || !allowed(fragment, '/?')) return false;
  if (authority === undefined) return !path.startsWith('//');
  const at = authority.lastIndexOf('@');
  const userinfo = at < 0 ? '' : authority.slice(0, at);
  const hostAndPort = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d*))?$/.exec(authority.slice(at + 1));
  if (!hostAndPort || !/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/.test(userinfo)) return false;
  const host = hostAndPort[1] ?? '';
  if (!host.startsWith('[')) return /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/.test(host);
  const literal = host.slice(1, -1);
  return /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/.test(literal) || isIpv6Address(literal);
}
