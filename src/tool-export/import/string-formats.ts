// JSON Schema string formats as zod builders. zod writes a `pattern` beside the `format` of most of its
// builders; a schema that carries exactly that pattern came from that builder, so the builder alone
// reproduces it (instead of a builder plus a second, identical regex).
import { z } from 'zod';

interface Candidate {
  source: string;
  schema: () => z.ZodType;
}

const candidatesByFormat: Record<string, Candidate[]> = {
  email: [{ source: 'z.email()', schema: () => z.email() }],
  uri: [{ source: 'z.url()', schema: () => z.url() }],
  uuid: [
    { source: 'z.uuid()', schema: () => z.uuid() },
    { source: 'z.guid()', schema: () => z.guid() },
  ],
  // RFC 3339 date-times may carry an offset; zod's default builder only takes "Z", so it comes second.
  'date-time': [
    { source: 'z.iso.datetime({ offset: true })', schema: () => z.iso.datetime({ offset: true }) },
    { source: 'z.iso.datetime()', schema: () => z.iso.datetime() },
    { source: 'z.iso.datetime({ local: true })', schema: () => z.iso.datetime({ local: true }) },
  ],
  date: [{ source: 'z.iso.date()', schema: () => z.iso.date() }],
  duration: [{ source: 'z.iso.duration()', schema: () => z.iso.duration() }],
  ipv4: [{ source: 'z.ipv4()', schema: () => z.ipv4() }],
  ipv6: [{ source: 'z.ipv6()', schema: () => z.ipv6() }],
  hostname: [{ source: 'z.hostname()', schema: () => z.hostname() }],
  base64: [{ source: 'z.base64()', schema: () => z.base64() }],
  base64url: [{ source: 'z.base64url()', schema: () => z.base64url() }],
  emoji: [{ source: 'z.emoji()', schema: () => z.emoji() }],
  nanoid: [{ source: 'z.nanoid()', schema: () => z.nanoid() }],
  cuid: [{ source: 'z.cuid()', schema: () => z.cuid() }],
  cuid2: [{ source: 'z.cuid2()', schema: () => z.cuid2() }],
  ulid: [{ source: 'z.ulid()', schema: () => z.ulid() }],
  jwt: [{ source: 'z.jwt()', schema: () => z.jwt() }],
};

/** Builders that write a pattern but no format (zod's time). */
const patternOnly: Candidate[] = [{ source: 'z.iso.time()', schema: () => z.iso.time() }];

const patternCache = new Map<string, string | undefined>();

function patternOf(candidate: Candidate): string | undefined {
  if (!patternCache.has(candidate.source)) {
    const schema = z.toJSONSchema(candidate.schema()) as { pattern?: string };
    patternCache.set(candidate.source, schema.pattern);
  }
  return patternCache.get(candidate.source);
}

export interface StringBase {
  /** `z.string()` or a format builder. */
  source: string;
  /** The builder accounts for the format (false: an unknown format, kept as metadata only). */
  formatHandled: boolean;
  /** The builder writes this exact pattern itself, so no `.regex()` is needed for it. */
  patternHandled: boolean;
}

export function stringBase(format: unknown, pattern: unknown): StringBase {
  if (typeof format === 'string') {
    const candidates = candidatesByFormat[format];
    if (!candidates) return { source: 'z.string()', formatHandled: false, patternHandled: false };
    const exact = typeof pattern === 'string' ? candidates.find((candidate) => patternOf(candidate) === pattern) : undefined;
    const chosen = exact ?? (candidates[0] as Candidate);
    return { source: chosen.source, formatHandled: true, patternHandled: exact !== undefined };
  }
  const exact = typeof pattern === 'string' ? patternOnly.find((candidate) => patternOf(candidate) === pattern) : undefined;
  return exact
    ? { source: exact.source, formatHandled: true, patternHandled: true }
    : { source: 'z.string()', formatHandled: true, patternHandled: false };
}
