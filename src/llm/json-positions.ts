// A strict JSON parser that remembers where every value sits, so a schema error at `turns.2.toolCalls.0`
// can be shown as a marker on the right line of the editor, and a syntax error gets a line and column
// too (V8's JSON.parse messages do not reliably carry a position). It reads untrusted text (share links,
// imported files, scenarios, pasted definitions), so it stops at a nesting depth: a recursive parser
// given 100,000 levels overflowed the stack during a render and blanked the app for good (issue 28).
import { untrustedJsonDepth, type Result } from '../core/index.ts';

/** Far deeper than any workspace, scenario or schema is written; shallow enough for every recursive reader after this one. */
export const MAX_JSON_DEPTH = untrustedJsonDepth;

export interface TextPosition {
  /** 0-based character offset. */
  offset: number;
  /** 1-based, as editors count. */
  line: number;
  column: number;
}

export interface TextRange {
  start: TextPosition;
  end: TextPosition;
}

export type JsonPath = readonly (string | number)[];

export type PositionedJson = Result<
  { value: unknown; rangeOf(path: JsonPath): TextRange },
  /** `tooDeep`: well-formed as far as it was read, but nested past the depth limit. */
  { message: string; position: TextPosition; tooDeep?: true }
>;

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly tooDeep = false,
  ) {
    super(message);
  }
}

export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text[index] === '\n') {
      line++;
      lineStart = index + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

const pathKey = (path: JsonPath): string => JSON.stringify(path);

class Parser {
  private index = 0;
  readonly ranges = new Map<string, [number, number]>();

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  parseDocument(): unknown {
    const value = this.value([]);
    this.whitespace();
    if (this.index < this.text.length) this.fail(`Unexpected ${this.describe()} after the JSON value`);
    return value;
  }

  private value(path: JsonPath): unknown {
    this.whitespace();
    const start = this.index;
    const character = this.text[this.index];
    let value: unknown;
    if (character === '{') value = this.object(path);
    else if (character === '[') value = this.array(path);
    else if (character === '"') value = this.string();
    else if (character === '-' || (character !== undefined && character >= '0' && character <= '9')) value = this.number();
    else if (this.text.startsWith('true', this.index)) value = this.literal('true', true);
    else if (this.text.startsWith('false', this.index)) value = this.literal('false', false);
    else if (this.text.startsWith('null', this.index)) value = this.literal('null', null);
    else this.unexpectedValue();
    this.ranges.set(pathKey(path), [start, this.index]);
    return value;
  }

  private unexpectedValue(): never {
    const rest = this.text.slice(this.index);
    // `tr`, `nul`: the start of a literal that the text ran out before finishing.
    if (rest !== '' && ['true', 'false', 'null'].some((word) => word.startsWith(rest)))
      this.fail('Unexpected end of the text', this.text.length);
    return this.fail(`Expected a value but found ${this.describe()}`);
  }

  /** `path` holds one entry per enclosing object or array, so its length is the depth. */
  private enter(path: JsonPath): void {
    if (path.length >= this.maxDepth)
      throw new JsonSyntaxError(`Nested deeper than ${this.maxDepth} levels, more than Toolscope reads`, this.index, true);
  }

  private object(path: JsonPath): Record<string, unknown> {
    this.enter(path);
    const result: Record<string, unknown> = {};
    this.index++;
    this.whitespace();
    if (this.text[this.index] === '}') {
      this.index++;
      return result;
    }
    for (;;) {
      this.whitespace();
      if (this.text[this.index] !== '"') this.fail(`Expected a property name in double quotes but found ${this.describe()}`);
      const key = this.string();
      this.whitespace();
      if (this.text[this.index] !== ':') this.fail(`Expected ':' after the property name but found ${this.describe()}`);
      this.index++;
      // defineProperty: a key named __proto__ must become data, not the object's prototype.
      Object.defineProperty(result, key, { value: this.value([...path, key]), enumerable: true, writable: true, configurable: true });
      this.whitespace();
      const next = this.text[this.index];
      this.index++;
      if (next === '}') return result;
      if (next !== ',') this.fail(`Expected ',' or '}' but found ${this.describe(this.index - 1)}`, this.index - 1);
    }
  }

  private array(path: JsonPath): unknown[] {
    this.enter(path);
    const result: unknown[] = [];
    this.index++;
    this.whitespace();
    if (this.text[this.index] === ']') {
      this.index++;
      return result;
    }
    for (;;) {
      result.push(this.value([...path, result.length]));
      this.whitespace();
      const next = this.text[this.index];
      this.index++;
      if (next === ']') return result;
      if (next !== ',') this.fail(`Expected ',' or ']' but found ${this.describe(this.index - 1)}`, this.index - 1);
    }
  }

  private string(): string {
    const start = this.index;
    this.index++;
    for (;;) {
      const character = this.text[this.index];
      if (character === undefined) this.fail('Unterminated string', start);
      if (character === '"') break;
      if (character === '\n') this.fail('Line break inside a string (write it as \\n)');
      this.index += character === '\\' ? 2 : 1;
    }
    this.index++;
    try {
      return JSON.parse(this.text.slice(start, this.index)) as string;
    } catch {
      return this.fail('Invalid escape sequence or control character in string', start);
    }
  }

  private number(): number {
    const rest = this.text.slice(this.index);
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    // `-`, `1.`, `2e+` at the very end: a number the text ran out in the middle of.
    if ((!match || match[0].length < rest.length) && /^-?\d*(\.\d*)?([eE][+-]?\d*)?$/.test(rest))
      this.fail('Unexpected end of the text', this.text.length);
    if (!match) this.fail('Invalid number');
    this.index += match[0].length;
    return Number(match[0]);
  }

  private literal<T>(word: string, value: T): T {
    this.index += word.length;
    return value;
  }

  private whitespace(): void {
    while (this.index < this.text.length && ' \t\n\r'.includes(this.text[this.index] as string)) this.index++;
  }

  private describe(at = this.index): string {
    const character = this.text[at];
    return character === undefined ? 'the end of the text' : `'${character}'`;
  }

  private fail(message: string, at = this.index): never {
    throw new JsonSyntaxError(message, at);
  }
}

export function parseJsonWithPositions(text: string, options: { maxDepth?: number } = {}): PositionedJson {
  const parser = new Parser(text, options.maxDepth ?? MAX_JSON_DEPTH);
  let value: unknown;
  try {
    value = parser.parseDocument();
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const failure = { ok: false as const, message: error.message, position: positionAt(text, error.offset) };
    return error.tooDeep ? { ...failure, tooDeep: true } : failure;
  }
  const rangeOf = (path: JsonPath): TextRange => {
    // A missing key (a required field left out) is reported on the closest value that exists.
    for (let length = path.length; length >= 0; length--) {
      const range = parser.ranges.get(pathKey(path.slice(0, length)));
      if (range) return { start: positionAt(text, range[0]), end: positionAt(text, range[1]) };
    }
    return { start: positionAt(text, 0), end: positionAt(text, text.length) };
  };
  return { ok: true, value, rangeOf };
}
