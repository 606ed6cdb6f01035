// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Needs isIpv6Address beside it.
import { isIpv6Address } from './ipv6-address.ts';

/**
 * JSON Schema's "email": an RFC 5321 mailbox. The local part is dot-separated atoms (`~`, `+`, `'`…
 * included) or a quoted string; the domain is host-name labels or an address literal (`[127.0.0.1]`,
 * `[IPv6:::1]`). Display names and lists are not addresses.
 */
export function isEmail(text: string): boolean {
  const at = text.lastIndexOf('@');
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
  const quoted = '"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\x20-\\x7E])*"';
  if (at < 1 || !new RegExp(`^(?:${atom}(?:\\.${atom})*|${quoted})$`).test(local)) return false;
  const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
  if (domain.startsWith('[') && domain.endsWith(']')) {
    const literal = domain.slice(1, -1);
    return literal.startsWith('IPv6:') ? isIpv6Address(literal.slice(5)) : new RegExp(`^${octet}(?:\\.${octet}){3}$`).test(literal);
  }
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  return domain.length <= 253 && new RegExp(`^${label}(?:\\.${label})*$`).test(domain);
}
