// JSON Schema string formats as zod builders. zod writes a `pattern` beside the `format` of most of its
// builders; a schema that carries exactly that pattern came from that builder, so the builder alone
// reproduces it (instead of a builder plus a second, identical regex).
//
// The patterns are written out rather than read from zod at run time: calling the builders here would
// keep their code in the chunk the app shares with its first load. string-formats.test.ts checks each
// against what the installed zod writes, so a zod upgrade that changes one fails a test.

export interface FormatBuilder {
  source: string;
  /** The pattern zod writes for it (none for z.url() and z.jwt()). */
  pattern?: string;
}

export const buildersByFormat: Record<string, FormatBuilder[]> = {
  email: [
    {
      source: 'z.email()',
      pattern: "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
    },
  ],
  uri: [{ source: 'z.url()' }],
  uuid: [
    {
      source: 'z.uuid()',
      pattern:
        '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
    },
    { source: 'z.guid()', pattern: '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$' },
  ],
  'date-time': [
    {
      source: 'z.iso.datetime({ offset: true })',
      pattern:
        '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$',
    },
    {
      source: 'z.iso.datetime()',
      pattern:
        '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$',
    },
  ],
  date: [
    {
      source: 'z.iso.date()',
      pattern:
        '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))$',
    },
  ],
  duration: [
    {
      source: 'z.iso.duration()',
      pattern: '^P(?:(\\d+W)|(?!.*W)(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+([.,]\\d+)?S)?)?)$',
    },
  ],
  ipv4: [
    {
      source: 'z.ipv4()',
      pattern: '^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$',
    },
  ],
  ipv6: [
    {
      source: 'z.ipv6()',
      pattern:
        '^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$',
    },
  ],
  hostname: [
    {
      source: 'z.hostname()',
      pattern: '^(?=.{1,253}\\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\\.?$',
    },
  ],
  base64: [{ source: 'z.base64()', pattern: '^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$' }],
  base64url: [{ source: 'z.base64url()', pattern: '^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$' }],
  emoji: [
    {
      source: 'z.emoji()',
      pattern: '^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$',
    },
  ],
  nanoid: [{ source: 'z.nanoid()', pattern: '^[a-zA-Z0-9_-]{21}$' }],
  cuid: [{ source: 'z.cuid()', pattern: '^[cC][0-9a-z]{6,}$' }],
  cuid2: [{ source: 'z.cuid2()', pattern: '^[0-9a-z]+$' }],
  ulid: [{ source: 'z.ulid()', pattern: '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$' }],
  jwt: [{ source: 'z.jwt()' }],
};

/** Builders that write a pattern but no format. */
export const patternOnlyBuilders: FormatBuilder[] = [
  { source: 'z.iso.time()', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?$' },
  {
    source: 'z.iso.datetime({ local: true })',
    pattern:
      '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z)|(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?)$',
  },
];

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
    const candidates = buildersByFormat[format];
    if (!candidates) return { source: 'z.string()', formatHandled: false, patternHandled: false };
    // RFC 3339 date-times may carry an offset, so with no pattern to go by, the offset builder comes first.
    const exact = typeof pattern === 'string' ? candidates.find((candidate) => candidate.pattern === pattern) : undefined;
    return { source: (exact ?? (candidates[0] as FormatBuilder)).source, formatHandled: true, patternHandled: exact !== undefined };
  }
  const exact = typeof pattern === 'string' ? patternOnlyBuilders.find((candidate) => candidate.pattern === pattern) : undefined;
  return exact
    ? { source: exact.source, formatHandled: true, patternHandled: true }
    : { source: 'z.string()', formatHandled: true, patternHandled: false };
}
