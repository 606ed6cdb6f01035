// One import block for a generated file: the imports of every module put in it, merged per module, plus
// what the target itself needs (`tool` from 'ai', `defineTool` from the core, …).
import type { ImportBinding, ImportStatement } from './module-parts.ts';

/** The module the editor offers as `import { TransientError } from 'toolscope'`. */
export const toolscopeModule = 'toolscope';

export function namedImport(specifier: string, names: (string | { name: string; typeOnly: true })[]): ImportStatement {
  return {
    specifier,
    typeOnly: false,
    named: names.map((entry) =>
      typeof entry === 'string'
        ? { imported: entry, local: entry, typeOnly: false }
        : { imported: entry.name, local: entry.name, typeOnly: true },
    ),
  };
}

/** Merges statements of one module; a default or namespace import that cannot share a statement stays apart. */
export function mergeImports(statements: readonly ImportStatement[]): ImportStatement[] {
  const bySpecifier = new Map<string, ImportStatement[]>();
  for (const statement of statements) bySpecifier.set(statement.specifier, [...(bySpecifier.get(statement.specifier) ?? []), statement]);
  const merged: ImportStatement[] = [];
  for (const [specifier, group] of bySpecifier) {
    const named = new Map<string, ImportBinding>();
    for (const statement of group)
      for (const binding of statement.named) {
        const typeOnly = statement.typeOnly || binding.typeOnly;
        const existing = named.get(binding.local);
        // A name used as a value anywhere must be imported as a value.
        named.set(binding.local, { ...binding, typeOnly: existing ? existing.typeOnly && typeOnly : typeOnly });
      }
    const defaults = [...new Set(group.flatMap((statement) => (statement.defaultName ? [statement.defaultName] : [])))];
    const namespaces = [...new Set(group.flatMap((statement) => (statement.namespaceName ? [statement.namespaceName] : [])))];
    const bindings = [...named.values()];
    const allTypes = group.every((statement) => statement.typeOnly);
    merged.push({
      specifier,
      typeOnly: allTypes && defaults.length === 0,
      defaultName: defaults[0],
      named: allTypes ? bindings.map((binding) => ({ ...binding, typeOnly: false })) : bindings,
    });
    for (const extraDefault of defaults.slice(1)) merged.push({ specifier, typeOnly: false, defaultName: extraDefault, named: [] });
    for (const namespace of namespaces) merged.push({ specifier, typeOnly: false, namespaceName: namespace, named: [] });
  }
  return merged;
}

function printBinding(binding: ImportBinding): string {
  const name = binding.imported === binding.local ? binding.local : `${binding.imported} as ${binding.local}`;
  return binding.typeOnly ? `type ${name}` : name;
}

export function printImports(statements: readonly ImportStatement[]): string {
  return statements
    .map((statement) => {
      const from = `'${statement.specifier}'`;
      if (statement.namespaceName) return `import * as ${statement.namespaceName} from ${from};`;
      const parts = [
        ...(statement.defaultName ? [statement.defaultName] : []),
        ...(statement.named.length > 0 ? [`{ ${statement.named.map(printBinding).join(', ')} }`] : []),
      ];
      if (parts.length === 0) return `import ${from};`;
      return `import ${statement.typeOnly ? 'type ' : ''}${parts.join(', ')} from ${from};`;
    })
    .join('\n');
}

/** Takes the editor's 'toolscope' imports out; returns the local names they bound (TransientError, …). */
export function takeToolscopeImports(statements: readonly ImportStatement[]): { rest: ImportStatement[]; toolscopeNames: ImportBinding[] } {
  const toolscopeNames = statements.filter((statement) => statement.specifier === toolscopeModule).flatMap((statement) => statement.named);
  return { rest: statements.filter((statement) => statement.specifier !== toolscopeModule), toolscopeNames };
}
