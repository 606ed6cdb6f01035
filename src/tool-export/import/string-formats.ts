// JSON Schema string formats as zod builders. zod writes a `pattern` beside the `format` of most of its
// builders; a schema that carries exactly that pattern came from that builder, so the builder alone
// reproduces it (instead of a builder plus a second, identical regex).
//
// The patterns are written out rather than read from zod at run time: calling the builders here would
// keep their code in the chunk the app shares with its first load. string-formats.test.ts checks each
// against what the installed zod writes, so a zod upgrade that changes one fails a test.
import { quote } from '../source/code-text.ts';

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

/**
 * JSON Schema formats whose zod builder differs from the RFC the format names (z.email() refuses
 * `te~st@example.com`, z.iso.datetime() a leap second and a lowercase `t`, z.url() accepts spaces,
 * z.uuid() a version it does not know): written as a check of ./checks, or a pattern, of the RFC.
 */
export const specFormats: Record<string, { helper?: string; pattern?: string; builder?: string; message: string }> = {
  'date-time': { helper: 'isDateTime', message: 'Invalid date-time (RFC 3339)' },
  time: { helper: 'isTime', message: 'Invalid time (RFC 3339 full-time, with an offset)' },
  email: { helper: 'isEmail', message: 'Invalid email address (RFC 5321)' },
  uri: { helper: 'isUri', message: 'Invalid URI (RFC 3986)' },
  hostname: { helper: 'isHostname', message: 'Invalid host name (RFC 1123)' },
  // RFC 3339 appendix A: whole numbers only, weeks alone, each unit only after the one above it.
  duration: {
    pattern:
      '^P(?:(?:\\d+D|\\d+M(?:\\d+D)?|\\d+Y(?:\\d+M(?:\\d+D)?)?)(?:T(?:\\d+H(?:\\d+M(?:\\d+S)?)?|\\d+M(?:\\d+S)?|\\d+S))?|T(?:\\d+H(?:\\d+M(?:\\d+S)?)?|\\d+M(?:\\d+S)?|\\d+S)|\\d+W)$',
    message: 'Invalid duration (RFC 3339)',
  },
  // RFC 4122 lets any version and variant through the format: z.guid() checks the layout alone.
  uuid: { builder: 'z.guid()', message: 'Invalid UUID' },
};

export interface StringBase {
  /** `z.string()` with the format's check, or a format builder. */
  source: string;
  /** The helper of ./checks the source calls. */
  helper?: string;
  /** The builder accounts for the format (false: an unknown format, kept as metadata only). */
  formatHandled: boolean;
  /** The builder writes this exact pattern itself, so no `.regex()` is needed for it. */
  patternHandled: boolean;
}

export function stringBase(format: unknown, pattern: unknown): StringBase {
  if (typeof format === 'string') {
    const candidates = buildersByFormat[format] ?? [];
    // A schema zod wrote (its builder's exact pattern beside the format) comes back as that builder.
    const exact = typeof pattern === 'string' ? candidates.find((candidate) => candidate.pattern === pattern) : undefined;
    if (exact) return { source: exact.source, formatHandled: true, patternHandled: true };
    const spec = specFormats[format];
    if (spec?.helper)
      return {
        source: `z.string().refine(${spec.helper}, ${quote(spec.message)}).meta({ format: ${quote(format)} })`,
        helper: spec.helper,
        formatHandled: true,
        patternHandled: false,
      };
    if (spec?.pattern)
      return {
        source: `z.string().regex(/${spec.pattern}/, ${quote(spec.message)}).meta({ format: ${quote(format)} })`,
        formatHandled: true,
        patternHandled: false,
      };
    if (spec?.builder) return { source: spec.builder, formatHandled: true, patternHandled: false };
    const first = candidates[0];
    return first
      ? { source: first.source, formatHandled: true, patternHandled: false }
      : { source: 'z.string()', formatHandled: false, patternHandled: false };
  }
  const exact = typeof pattern === 'string' ? patternOnlyBuilders.find((candidate) => candidate.pattern === pattern) : undefined;
  return exact
    ? { source: exact.source, formatHandled: true, patternHandled: true }
    : { source: 'z.string()', formatHandled: true, patternHandled: false };
}
