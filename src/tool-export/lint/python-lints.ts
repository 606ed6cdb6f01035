// The lints of a Python tool (issue 31), as tool-lints.ts has them for TypeScript: what the model reads
// should say what the tool does, settings should not promise what the executor will not do, and the
// sandbox has no network but ctx.fetch. A Python tool's description and parameter descriptions live in its
// code (the docstring, its Args: section, Field(description=...)), so each lint points at a line of Code.
import type { JsonSchemaObject, RetryPolicy } from '../../core/index.ts';
import { undescribedParameters, type ToolLint } from './tool-lints.ts';

export interface LintablePythonTool {
  name: string;
  codeSource: string;
  retry?: Partial<RetryPolicy>;
}

/** What the compile read from the function: its docstring's summary and the parameters' JSON Schema. */
export interface PythonDefinitionRead {
  description: string;
  parameters: JsonSchemaObject;
}

const placeholder = /\b(todo|tbd|fixme|lorem ipsum|describe what the tool does)\b/i;
/** Modules that open connections of their own: in the sandbox they fail, since only ctx.fetch reaches out. */
const networkImport = /^\s*(?:import|from)\s+(urllib|requests|httpx|aiohttp|http\.client|socket|pyodide\.http)\b/gm;

const lineAt = (source: string, offset: number) => {
  const before = source.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
};

/** Where `def name(` starts, and where its parameters' names are written in the signature. */
function signatureOf(source: string, name: string) {
  const def = new RegExp(`^[ \\t]*(?:async[ \\t]+)?def[ \\t]+${name}\\b`, 'm').exec(source);
  const start = def?.index ?? 0;
  const end = def ? source.indexOf(':\n', source.indexOf(')', start)) : 0;
  const signature = def ? source.slice(start, end < 0 ? undefined : end) : '';
  return {
    def: def ? lineAt(source, start + def[0].length - def[0].trimStart().length) : { line: 1, column: 1 },
    parameter: (parameter: string) => {
      const found = new RegExp(`[(,\\s]${parameter}\\s*[:=,)]`).exec(signature);
      return found ? lineAt(source, start + found.index + 1) : {};
    },
  };
}

export function lintPythonTool(tool: LintablePythonTool, definition: PythonDefinitionRead | null): ToolLint[] {
  const lints: ToolLint[] = [];
  const source = tool.codeSource;
  const signature = signatureOf(source, tool.name);
  if (definition) {
    const description = definition.description.trim();
    const problem =
      description === ''
        ? 'has no docstring: the model reads it to decide when to call this tool.'
        : placeholder.test(description)
          ? 'has a placeholder docstring: say what the tool does and when the model should call it.'
          : null;
    if (problem) lints.push({ rule: 'placeholder-description', message: `${tool.name} ${problem}`, place: 'code', ...signature.def });
    for (const path of undescribedParameters(definition.parameters).slice(0, 100)) {
      const name = path.join('.').replace(/\.\[\]/g, '[]');
      lints.push({
        rule: 'parameter-without-description',
        message: `Parameter "${name}" has no description: the model guesses what to send (describe it under Args: in the docstring, or with Annotated[..., Field(description="…")]).`,
        place: 'code',
        ...(path.length === 1 ? signature.parameter(path[0] as string) : {}),
      });
    }
  }
  const attempts = tool.retry?.maxAttempts ?? 1;
  const decorator = /^[ \t]*@tool\b[^\n]*/m.exec(source);
  if (attempts > 1 && decorator && !/idempotent\s*=\s*True/.test(decorator[0]))
    lints.push({
      rule: 'retry-without-idempotency',
      message: `${tool.name} is not idempotent, so the executor never retries it: its ${attempts} attempts have no effect. Mark it @tool(idempotent=True) if a repeat is safe, or set attempts to 1.`,
      place: 'code',
      ...lineAt(source, decorator.index + decorator[0].indexOf('@')),
    });
  for (const match of source.matchAll(networkImport))
    lints.push({
      rule: 'direct-network',
      message: `${match[1]} opens its own connections, which the sandbox refuses: use await ctx.fetch(url), which goes through Settings → Network allowlist.`,
      place: 'code',
      ...lineAt(source, match.index + match[0].indexOf(match[0].trim())),
    });
  return lints;
}
