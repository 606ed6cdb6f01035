// The project as a zip (fflate: small, no dependencies, synchronous in the page), under one top folder.
import { strToU8, zipSync } from 'fflate';
import { loadLibraryFiles, loadTemplateFiles } from './library-sources.ts';
import { projectFiles } from './project-files.ts';
import type { ProjectRequest } from './project-types.ts';

export async function zipProject(request: ProjectRequest): Promise<Uint8Array> {
  const files = projectFiles(request, await loadLibraryFiles(), await loadTemplateFiles());
  const entries = Object.fromEntries(Object.entries(files).map(([path, text]) => [`${request.name}/${path}`, strToU8(text)]));
  return zipSync(entries, { level: 6 });
}
