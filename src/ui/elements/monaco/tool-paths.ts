/**
 * Monaco model URIs of a tool's files. They share a folder so the code's global `Input` type can point
 * at `../tools/<id>/schema`. Kept out of the lazy Monaco chunk: containers need the paths before Monaco loads.
 */
export function toolModelPaths(toolId: string) {
  return {
    schema: `file:///tools/${toolId}/schema.ts`,
    code: `file:///tools/${toolId}/code.ts`,
    /** A Python tool's module (its own path: a `.ts` model would get TypeScript's diagnostics). */
    pythonCode: `file:///tools/${toolId}/tool.py`,
    arguments: `file:///tools/${toolId}/arguments.json`,
  };
}

/** The tool a model path belongs to, or null for a path outside the tools' folders. */
export function toolIdOfPath(path: string): string | null {
  return /^file:\/\/\/tools\/([^/]+)\//.exec(path)?.[1] ?? null;
}
