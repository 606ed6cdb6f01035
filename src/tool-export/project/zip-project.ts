// The project as a zip (fflate: small, no dependencies, synchronous in the page), under one top folder.
import { strToU8, zipSync } from 'fflate';
import { libraryFiles, templateFiles } from './library-sources.ts';
import { projectFiles } from './project-files.ts';
import type { ProjectRequest } from './project-types.ts';

export function zipProject(request: ProjectRequest): Uint8Array {
  const files = projectFiles(request, libraryFiles(), templateFiles());
  const entries = Object.fromEntries(Object.entries(files).map(([path, text]) => [`${request.name}/${path}`, strToU8(text)]));
  return zipSync(entries, { level: 6 });
}
