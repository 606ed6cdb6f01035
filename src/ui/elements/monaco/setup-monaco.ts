// Monaco, bundled locally: nothing is fetched from a CDN. Only the parts Toolscope uses are imported
// (the full `monaco-editor` entry would add ~2.8 MB of language workers we never start).
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/typescript/register';
// Python tools (issue 31): Monaco's Monarch grammar only, colours and brackets; errors come from the sandbox.
import 'monaco-editor/languages/definitions/python/register';
import * as typescript from 'monaco-editor/languages/features/typescript/register';
import * as json from 'monaco-editor/languages/features/json/register';
import { conf as typescriptConfiguration, language as typescriptGrammar } from 'monaco-editor/languages/definitions/typescript/typescript';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TypeScriptWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

// Once defined, getWorker must answer every label Monaco asks for, or that language silently breaks.
window.MonacoEnvironment = {
  getWorker(_workerId, label) {
    if (label === 'typescript' || label === 'javascript') return new TypeScriptWorker();
    if (label === 'json') return new JsonWorker();
    return new EditorWorker();
  },
};

typescript.typescriptDefaults.setCompilerOptions({
  target: typescript.ScriptTarget.ESNext,
  module: typescript.ModuleKind.ESNext,
  moduleResolution: typescript.ModuleResolutionKind.NodeJs,
  strict: true,
  allowNonTsExtensions: true,
  noEmit: true,
});

/**
 * TypeScript colouring without the language service, for generated code shown read-only (Export as…):
 * it imports packages the editor does not know ('ai', the MCP SDK), which would only be red squiggles.
 */
export const typescriptPreviewLanguage = 'typescript-preview';
monaco.languages.register({ id: typescriptPreviewLanguage });
monaco.languages.setMonarchTokensProvider(typescriptPreviewLanguage, typescriptGrammar);
monaco.languages.setLanguageConfiguration(typescriptPreviewLanguage, typescriptConfiguration);

loader.config({ monaco });

export { json, monaco, typescript };
