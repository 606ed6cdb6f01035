// Public surface of tool export and import, the heavy half (see index.ts): for the Export and Import
// dialogs, which are loaded on demand.
export { exportCode, exportTargets, languageMismatch, type ExportRequest } from './code/export-code.ts';
export { previewImport } from './import/import-tools.ts';
export { projectFlavours } from './project/project-types.ts';

/** The zip builder with the sources it copies: a chunk of its own, loaded when a project is downloaded. */
export const loadProjectZipper = () => import('./project/zip-project.ts');
