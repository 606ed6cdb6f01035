// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Needs isTime beside it.
import { isTime } from './rfc3339-time.ts';

/** JSON Schema's "date-time": RFC 3339, a real calendar date, `T` or `t`, then a full-time as in isTime. */
export function isDateTime(text: string): boolean {
  const match = /^(\d{4})-(\d\d)-(\d\d)[Tt](.*)$/s.exec(text);
  if (!match) return false;
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days && isTime(match[4] ?? '');
}
