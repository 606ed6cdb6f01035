// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Self-contained: a schema module imports zod alone.

/**
 * JSON Schema's "time": RFC 3339 full-time, an offset required (`Z`, `z` or ±hh:mm). A leap second
 * (:60) is valid only at 23:59 UTC, once the offset is taken off.
 */
export function isTime(text: string): boolean {
  const match = /^(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:[Zz]|([+-])(\d\d):(\d\d))$/.exec(text);
  if (!match) return false;
  const [hour, minute, second, offsetHour, offsetMinute] = [match[1], match[2], match[3], match[5] ?? '0', match[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  const offset = (match[4] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  return (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 === 23 * 60 + 59;
}
