// `npm run figures` (and `npx tsx scripts/entry-size.ts [outDir]`): the JavaScript a first load
// fetches before anything lazy, gzipped: the entry scripts and the chunks they preload, as listed by
// the built index.html. Lazy chunks (Monaco, deferred panels) and worker scripts are not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { targetLines } from '../e2e/figure-targets.ts';

export interface EntryFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The JS files index.html loads up front: module scripts and modulepreload links. */
export function entryScripts(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(match[1] as string);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(match[1] as string);
  return [...files];
}

export function measureEntry(outDir: string): EntryFile[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  return entryScripts(html).map((file) => {
    const content = readFileSync(join(outDir, file.replace(/^\//, '')));
    return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? process.env.E2E_OUT_DIR ?? 'dist';
  const files = measureEntry(outDir);
  const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  for (const file of files) console.log(`${file.file.padEnd(40)} ${kilobytes(file.bytes).padStart(10)}  gzip ${kilobytes(file.gzipBytes)}`);
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const report = { entryJsGzipKb: Math.round(total / 100) / 10, entryFiles: files.length };
  console.log(`[figure] ${JSON.stringify(report)}`);
  const loadAverage = loadavg().map((load) => Math.round(load * 10) / 10);
  for (const line of targetLines(report, loadAverage)) console.log(line);
}
