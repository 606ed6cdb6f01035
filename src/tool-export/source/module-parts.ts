// Takes a tool's Schema or Code module apart so its pieces can be placed into one generated file:
// the import statements (merged across modules and mapped per target), the body, and the default export.
import type { Result } from '../../core/index.ts';

export interface ImportBinding {
  imported: string;
  local: string;
  typeOnly: boolean;
}

export interface ImportStatement {
  specifier: string;
  /** `import type { … }` */
  typeOnly: boolean;
  defaultName?: string;
  namespaceName?: string;
  named: ImportBinding[];
}

export interface ModuleParts {
  imports: ImportStatement[];
  /** The module without its import statements. */
  body: string;
}

const importWithBindings = /^[ \t]*import\s+(type\s+)?([^'";]*?)\s*from\s*(['"])([^'"]+)\3[ \t]*;?[ \t]*\r?\n?/gm;
const sideEffectImport = /^[ \t]*import\s*(['"])([^'"]+)\1[ \t]*;?[ \t]*\r?\n?/gm;

function parseBindings(clause: string, typeOnly: boolean, specifier: string): ImportStatement {
  const statement: ImportStatement = { specifier, typeOnly, named: [] };
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = clause.replace(/\{[^}]*\}/, '').trim();
  for (const part of outside.split(',').map((piece) => piece.trim())) {
    const namespace = /^\*\s*as\s+([\w$]+)$/.exec(part);
    if (namespace) statement.namespaceName = namespace[1];
    else if (part) statement.defaultName = part;
  }
  for (const entry of (braces?.[1] ?? '').split(',').map((piece) => piece.trim())) {
    if (!entry) continue;
    const match = /^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(entry);
    if (match) statement.named.push({ imported: match[2] as string, local: match[3] ?? (match[2] as string), typeOnly: Boolean(match[1]) });
  }
  return statement;
}

export function splitModule(source: string): ModuleParts {
  const imports: ImportStatement[] = [];
  let body = source.replace(importWithBindings, (_match, typeKeyword: string | undefined, clause: string, _quote, specifier: string) => {
    imports.push(parseBindings(clause, Boolean(typeKeyword), specifier));
    return '';
  });
  body = body.replace(sideEffectImport, (_match, _quote, specifier: string) => {
    imports.push({ specifier, typeOnly: false, named: [] });
    return '';
  });
  return { imports, body: body.replace(/^\s*\n/, '') };
}

export type DefaultExport = Result<{ body: string; name: string }>;

/**
 * Turns `export default …` into a local binding called `name` (or keeps the function's own name), and
 * drops `export` from other top-level declarations: the generated file decides what it exports.
 */
export function bindDefaultExport(body: string, name: string, options: { asReturn?: boolean } = {}): DefaultExport {
  const withoutExports = body.replace(
    /^export\s+(?!default\b)(?=(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|var|function|class|interface|type|enum)\b)/gm,
    '',
  );
  const renamed = /^export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*;?[ \t]*$/m.exec(withoutExports);
  if (renamed) return { ok: true, body: withoutExports.replace(renamed[0], ''), name: renamed[1] as string };
  const match = /^export\s+default\s+/m.exec(withoutExports);
  if (!match) return { ok: false, message: 'has no `export default`' };
  const rest = withoutExports.slice(match.index + match[0].length);
  const before = withoutExports.slice(0, match.index);
  if (options.asReturn) return { ok: true, body: `${before}return ${rest}`, name };
  const namedFunction = /^(async\s+)?function\s*(\*?)\s*([A-Za-z_$][\w$]*)\s*[(<]/.exec(rest);
  if (namedFunction) return { ok: true, body: before + rest, name: namedFunction[3] as string };
  return { ok: true, body: `${before}const ${name} = ${rest}`, name };
}
