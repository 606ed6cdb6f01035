// The two path operations the project builder needs, for `/`-separated paths inside the zip (the page
// has no `node:path`).

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

export const posix = {
  /** `src/tools/a.ts` → `src/tools` */
  dirname: (path: string) => path.split('/').slice(0, -1).join('/'),
  /** `src/tools` + `../core/index.ts` → `src/core/index.ts` */
  join: (...parts: string[]) => normalize(parts.join('/')),
};
