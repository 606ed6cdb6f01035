// A scanner of the JSON grammar that knows where it is: the path of each value and the offset of
// the first syntax error. JSON.parse reports positions in engine-specific wording (some engines give
// none), and error messages that point at a line need both.

export type JsonPathSegment = string | number;

/** Called with each value's path and start offset (a property's: its key); returning true stops the scan. */
export type JsonVisitor = (path: readonly JsonPathSegment[], offset: number) => boolean;

export type JsonScanResult = { ok: true } | { ok: false; message: string; offset: number };

/** Checks `text` against the JSON grammar (RFC 8259), reporting paths to `visit` on the way. */
export function scanJson(text: string, visit: JsonVisitor = () => false): JsonScanResult {
  try {
    new JsonScanner(text, visit).scanDocument();
    return { ok: true };
  } catch (error) {
    if (error === STOP) return { ok: true };
    if (error instanceof JsonSyntaxError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const STOP = Symbol('stop');
const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class JsonScanner {
  private index = 0;
  private readonly path: JsonPathSegment[] = [];

  constructor(
    private readonly text: string,
    private readonly visit: JsonVisitor,
  ) {}

  scanDocument(): void {
    this.skipWhitespace();
    this.report(this.index);
    this.scanValue(0);
    this.skipWhitespace();
    if (this.index < this.text.length) this.fail('Unexpected text after the end of the JSON value');
  }

  private scanValue(depth: number): void {
    if (depth > MAX_DEPTH) this.fail(`Nested deeper than ${MAX_DEPTH} levels`);
    this.skipWhitespace();
    const character = this.text[this.index];
    if (character === '{') this.scanObject(depth);
    else if (character === '[') this.scanArray(depth);
    else if (character === '"') this.scanString();
    else if (character === '-' || (character !== undefined && character >= '0' && character <= '9')) this.scanNumber();
    else if (!['true', 'false', 'null'].some((word) => this.scanWord(word))) this.failUnexpected('a value');
  }

  private scanObject(depth: number): void {
    this.index += 1;
    this.skipWhitespace();
    if (this.consume('}')) return;
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.index] === '}') this.fail("Trailing comma before '}'");
      if (this.text[this.index] !== '"') this.failUnexpected('a property name in double quotes');
      const keyOffset = this.index;
      const key = this.scanString();
      this.path.push(key);
      this.report(keyOffset);
      this.skipWhitespace();
      if (!this.consume(':')) this.failUnexpected("':' after the property name");
      this.scanValue(depth + 1);
      this.path.pop();
      this.skipWhitespace();
      if (this.consume('}')) return;
      if (!this.consume(',')) this.failUnexpected("',' or '}' after the property value");
    }
  }

  private scanArray(depth: number): void {
    this.index += 1;
    this.skipWhitespace();
    if (this.consume(']')) return;
    for (let itemIndex = 0; ; itemIndex += 1) {
      this.skipWhitespace();
      if (this.text[this.index] === ']') this.fail("Trailing comma before ']'");
      this.path.push(itemIndex);
      this.report(this.index);
      this.scanValue(depth + 1);
      this.path.pop();
      this.skipWhitespace();
      if (this.consume(']')) return;
      if (!this.consume(',')) this.failUnexpected("',' or ']' after the array item");
    }
  }

  private scanString(): string {
    const start = this.index;
    this.index += 1;
    for (;;) {
      const character = this.text[this.index];
      if (character === undefined) this.fail('Unterminated string', start);
      if (character === '"') break;
      if (character < ' ') this.fail('Control character in a string (a line break must be written \\n)');
      if (character === '\\') {
        const escape = this.text[this.index + 1] ?? '';
        const valid = escape === 'u' ? /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.index + 2, this.index + 6)) : '"\\/bfnrt'.includes(escape) && escape !== '';
        if (!valid) this.fail('Invalid escape in a string');
        this.index += escape === 'u' ? 6 : 2;
      } else {
        this.index += 1;
      }
    }
    this.index += 1;
    return JSON.parse(this.text.slice(start, this.index)) as string;
  }

  private scanNumber(): void {
    NUMBER.lastIndex = this.index;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail('Invalid number');
    this.index += match[0].length;
  }

  private scanWord(word: string): boolean {
    if (!this.text.startsWith(word, this.index)) return false;
    this.index += word.length;
    return true;
  }

  private consume(character: string): boolean {
    if (this.text[this.index] !== character) return false;
    this.index += 1;
    return true;
  }

  private skipWhitespace(): void {
    while (' \t\n\r'.includes(this.text[this.index] ?? 'x')) this.index += 1;
  }

  private report(offset: number): void {
    if (this.visit(this.path, offset)) throw STOP;
  }

  private failUnexpected(expected: string): never {
    const character = this.text[this.index];
    if (character === undefined) this.fail(`Unexpected end of the text: expected ${expected}`);
    const hint = character === "'" ? ' (JSON strings use double quotes)' : '';
    this.fail(`Unexpected ${JSON.stringify(character)}: expected ${expected}${hint}`);
  }

  private fail(message: string, offset = this.index): never {
    throw new JsonSyntaxError(message, offset);
  }
}
