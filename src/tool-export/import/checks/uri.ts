// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Needs isIpv6Address beside it.
import { isIpv6Address } from './ipv6-address.ts';

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
