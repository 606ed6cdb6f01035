// Public surface of tool export and import, the light half: what the always-loaded UI needs (definitions
// in each format, lints) and the types. The code generators, the JSON Schema converter and the project
// builder are in ./transfer.ts, imported only by the dialogs, which load on demand; a re-export here would
// put them in the first load. Other layers import from these two files, never from inner ones.
export type { CodeTarget, DefinitionTarget, ExportableTool, ExportTarget, GeneratedCode, RunDefaults } from './export-types.ts';
export { definitionIn, definitionsIn, type DefinitionFormat } from './code/definitions-export.ts';
export { lintTool, type LintableTool, type ToolLint, type ToolLintRule } from './lint/tool-lints.ts';
export { lintPythonTool, type LintablePythonTool, type PythonDefinitionRead } from './lint/python-lints.ts';
export type { ImportCandidate, ImportOptions, ImportPreview, LocatedNote } from './import/import-tools.ts';
export type { ExpectedOutcome, ProjectFlavour, ProjectRequest, ProjectSettings, ProjectTool } from './project/project-types.ts';
