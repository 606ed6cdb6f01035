// Monaco ships TypeScript's syntax colouring (a Monarch grammar) without declarations for it.
declare module 'monaco-editor/languages/definitions/typescript/typescript' {
  import type { languages } from 'monaco-editor/editor';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}
