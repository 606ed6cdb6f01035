// The checks a generated schema module declares for what zod has no builder for (JSON equality, key
// patterns, the JSON Schema formats as their RFCs define them). Each lives in ./checks as a real,
// tested TypeScript file; its text after the first paragraph (the file's comment and imports) is what
// the module gets, so the Schema tab and a downloaded project need zod alone.

const checkFiles = import.meta.glob('./checks/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

interface HelperFile {
  /** What the module declares: the file's text after its first paragraph, without `export`. */
  text: string;
  /** Files of the helpers it calls (from its imports). */
  needs: string[];
}

const files = new Map<string, HelperFile>();
/** Function name → the file that declares it. */
const fileOf = new Map<string, string>();

for (const [path, source] of Object.entries(checkFiles)) {
  if (path.endsWith('.test.ts') || path.endsWith('.test-support.ts')) continue;
  const split = source.indexOf('\n\n');
  const header = source.slice(0, split);
  const text = source
    .slice(split + 2)
    .replace(/^export /gm, '')
    .trim();
  const needs = [...header.matchAll(/from '\.\/([\w-]+\.ts)'/g)].map((match) => `./checks/${match[1] as string}`);
  files.set(path, { text, needs });
  for (const match of text.matchAll(/^(?:function|const) (\w+)/gm)) fileOf.set(match[1] as string, path);
}

/** The helpers one generated module uses, in an order where each comes after those it calls. */
export class EmittedHelpers {
  private readonly used = new Set<string>();

  /** Declares `name` (and what it calls) in the module; returns the name to call it by. */
  use(name: string): string {
    const file = fileOf.get(name);
    if (!file) throw new Error(`No emitted helper named ${name}`);
    this.add(file);
    return name;
  }

  private add(file: string): void {
    if (this.used.has(file)) return;
    for (const needed of files.get(file)?.needs ?? []) this.add(needed);
    this.used.add(file);
  }

  /** The declarations, ready to go between the imports and the schema. */
  source(): string {
    if (this.used.size === 0) return '';
    const texts = [...this.used].map((file) => files.get(file)?.text ?? '');
    return `// Checks of JSON Schema that zod has no builder for, written out so this module needs zod alone.\n${texts.join('\n\n')}\n\n`;
  }
}
