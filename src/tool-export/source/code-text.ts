// Light text scanning of a tool's TypeScript: enough to blank out comments and to find what the code
// refers to, without a TypeScript parser in the page (Monaco's lives in a worker). Strings and
// template literals are recognised so a `//` inside a URL is not taken for a comment.

/**
 * The source with every comment replaced by spaces (newlines kept), so positions stay the same and a
 * word mentioned in a comment ("ctx.signal is never checked") does not count as a use. With `strings`,
 * the text inside string and template literals is blanked too (`${…}` inside templates stays code).
 */
export function withoutComments(source: string, options: { strings?: boolean } = {}): string {
  const output = source.split('');
  // Each open template literal pushes the brace depth its `${` started at.
  const templateDepths: number[] = [];
  let braceDepth = 0;
  let index = 0;
  const blank = (from: number, to: number) => {
    for (let position = from; position < to; position++) if (output[position] !== '\n') output[position] = ' ';
  };
  const skipQuoted = (quote: string) => {
    const start = ++index;
    while (index < source.length && source[index] !== quote && source[index] !== '\n') index += source[index] === '\\' ? 2 : 1;
    if (options.strings) blank(start, Math.min(index, source.length));
    index++;
  };
  const skipTemplateText = () => {
    while (index < source.length) {
      const char = source[index];
      if (options.strings && char !== '`' && !(char === '$' && source[index + 1] === '{')) blank(index, index + (char === '\\' ? 2 : 1));
      if (char === '\\') index += 2;
      else if (char === '`') {
        index++;
        return;
      } else if (char === '$' && source[index + 1] === '{') {
        templateDepths.push(braceDepth);
        braceDepth++;
        index += 2;
        return;
      } else index++;
    }
  };
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      const stop = end === -1 ? source.length : end;
      blank(index, stop);
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(index, stop);
      index = stop;
    } else if (char === "'" || char === '"') skipQuoted(char);
    else if (char === '`') {
      index++;
      skipTemplateText();
    } else if (char === '{') {
      braceDepth++;
      index++;
    } else if (char === '}') {
      braceDepth--;
      index++;
      if (templateDepths.length > 0 && templateDepths.at(-1) === braceDepth) {
        templateDepths.pop();
        skipTemplateText();
      }
    } else index++;
  }
  return output.join('');
}

/** Names declared at the top level of a module (lines that start at column 0), e.g. `const LIVE`, `function getJson`. */
export function topLevelNames(body: string): Set<string> {
  const names = new Set<string>();
  const declaration =
    /^(?:export\s+)?(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|var|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  for (const match of withoutComments(body).matchAll(declaration)) names.add(match[1] as string);
  return names;
}

/** `get_weather` → `getWeather`; a name that would not be an identifier gets a leading underscore. */
export function camelCase(name: string): string {
  const camel = name.replace(/[-_]+([a-zA-Z0-9])/g, (_match, letter: string) => letter.toUpperCase()).replace(/[-_]/g, '');
  return /^[A-Za-z_$]/.test(camel) ? camel : `_${camel}`;
}

/** A TypeScript string literal in single quotes. */
export function quote(text: string): string {
  return `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028|\u2029/g, (separator) => `\\u${separator.charCodeAt(0).toString(16)}`)}'`;
}
