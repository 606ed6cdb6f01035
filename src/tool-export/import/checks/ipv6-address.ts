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
