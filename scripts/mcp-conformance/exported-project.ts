// An exported MCP project (Download project, MCP flavour) as the conformance suite meets it: the zip is
// made by the app's own code (loaded through Vite, which resolves its import.meta.glob of the template),
// unzipped into a temp folder with this repository's node_modules linked, and served with its own
// `serve:http` entry on a free port.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { createServer as createVite } from 'vite';
import type * as CoreModule from '../../src/core/index.ts';
import type * as SamplesModule from '../../src/samples/index.ts';
import type * as ZipModule from '../../src/tool-export/project/zip-project.ts';

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function projectZip(): Promise<Uint8Array> {
  const vite = await createVite({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'silent' });
  try {
    const { zipProject } = (await vite.ssrLoadModule('/src/tool-export/project/zip-project.ts')) as typeof ZipModule;
    const { sampleTools } = (await vite.ssrLoadModule('/src/samples/index.ts')) as typeof SamplesModule;
    const { defaultRetryPolicy } = (await vite.ssrLoadModule('/src/core/index.ts')) as typeof CoreModule;
    return zipProject({
      name: 'toolscope-mcp',
      flavour: 'mcp',
      settings: { concurrency: 4, timeoutMs: 10_000, retry: defaultRetryPolicy, maxIterations: 10 },
      tools: sampleTools.map((sample) => ({
        ...sample,
        testCall: { arguments: sample.exampleArguments, expected: { status: 'success' } },
      })),
    });
  } finally {
    await vite.close();
  }
}

export async function startExportedProject(): Promise<{ url: string; close(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'toolscope-conformance-'));
  for (const [path, bytes] of Object.entries(unzipSync(await projectZip()))) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, strFromU8(bytes));
  }
  const project = join(root, 'toolscope-mcp');
  symlinkSync(resolve('node_modules'), join(project, 'node_modules'), 'dir');
  const port = await freePort();
  const child = spawn(process.execPath, [join(project, 'node_modules/tsx/dist/cli.mjs'), 'src/serve-mcp-http.ts'], {
    cwd: project,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((ready, failed) => {
    child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes('MCP server ready') && ready());
    child.once('exit', (code) => failed(new Error(`The exported project's server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      child.kill();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
