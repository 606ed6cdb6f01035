// Realistic values by the name of a field, for sample arguments: a `city` is "Paris", a `timeout_ms`
// is 1000, not "example city" and 1. A hint is only offered; the schema's constraints decide.
import { words } from './words.ts';

const textHints: [RegExp, string][] = [
  [/^(city|town|location|place)$/, 'Paris'],
  [/^country$/, 'France'],
  [/^(first|given)$/, 'Ada'],
  [/^(last|family|surname)$/, 'Lovelace'],
  [/^(name|author|user|username|recipient|assignee)$/, 'Ada Lovelace'],
  [/^(email|mail)$/, 'ada@example.com'],
  [/^(query|q|search|question|prompt|keywords?)$/, 'history of the tool executor pattern'],
  [/^topic$/, 'Q3 sales in Europe'],
  [/^(subject|title|heading)$/, 'Quarterly report'],
  [/^(body|message|text|content|note|comment|description|summary)$/, 'Hello from Toolscope'],
  [/^(url|uri|link|website|endpoint)$/, 'https://example.com'],
  [/^(expression|formula)$/, '1250 * 0.04'],
  [/^(language|lang|locale)$/, 'en'],
  [/^(path|file|filename)$/, 'reports/q3.txt'],
  [/^(region|area)$/, 'Nordics'],
  [/^(currency)$/, 'EUR'],
  [/^(phone|telephone)$/, '+33 1 23 45 67 89'],
  [/^(date|day)$/, '2026-01-15'],
  [/^(color|colour)$/, 'teal'],
  [/^(id|key|token|code|reference|ref)$/, 'abc123'],
];

const numberHints: [RegExp, number][] = [
  [/^(ms|milliseconds|timeout|delay|duration|latency|wait)$/, 1000],
  [/^(seconds|secs)$/, 30],
  [/^(days?|nights)$/, 3],
  [/^(count|limit|max|results|top|k|n|size|amount|quantity|items)$/, 5],
  [/^age$/, 34],
  [/^year$/, 2026],
  [/^port$/, 8080],
  [/^(page|attempt|attempts|times|retries|fail|failures|level)$/, 2],
  [/^(price|cost|total|budget)$/, 42],
  [/^(lat|latitude)$/, 48.8566],
  [/^(lon|lng|longitude)$/, 2.3522],
  [/^(percent|percentage)$/, 50],
  [/^(temperature|temp)$/, 21],
];

/** The field's words, last first: `user_email` is first an email, then about a user. */
function wordsOf(name: string): string[] {
  return words(name).reverse();
}

export function textHint(name: string): string | undefined {
  for (const word of wordsOf(name)) for (const [pattern, value] of textHints) if (pattern.test(word)) return value;
  return undefined;
}

export function numberHint(name: string): number | undefined {
  for (const word of wordsOf(name)) for (const [pattern, value] of numberHints) if (pattern.test(word)) return value;
  return undefined;
}

/** "…, e.g. "usr_8f3k2a"" or "(e.g. 3)": the example a description gives, as written. */
export function describedExample(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  const match = /\be\.g\.,?\s*(?:"([^"]+)"|'([^']+)'|“([^”]+)”|([^\s,;)]+))/i.exec(description);
  return match ? (match[1] ?? match[2] ?? match[3] ?? match[4]) : undefined;
}
