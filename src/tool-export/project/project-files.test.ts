import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy } from '../../core/index.ts';
import { sampleTools } from '../../samples/index.ts';
import { libraryFiles, templateFiles } from './library-sources.ts';
import { projectFiles } from './project-files.ts';
import type { ProjectFlavour, ProjectRequest } from './project-types.ts';

const weather = sampleTools[0] as (typeof sampleTools)[number];
const request = (flavour: ProjectFlavour, tools: ProjectRequest['tools'] = [weather]): ProjectRequest => ({
  name: 'my-tools',
  flavour,
  tools,
  settings: { concurrency: null, timeoutMs: 5000, retry: defaultRetryPolicy, maxIterations: 8 },
});

describe('projectFiles', () => {
  it('copies the core, the model adapters and the agent loop as they are in this repository, without tests', () => {
    const files = projectFiles(request('plain'), libraryFiles(), templateFiles());
    expect(files['src/core/executor.ts']).toContain('export class ToolExecutor');
    expect(files['src/agent/run-agent.ts']).toContain('export async function runAgent');
    expect(files['src/llm/openai/openai-model.ts']).toContain('createOpenAIModel');
    expect(Object.keys(files).filter((path) => path.includes('.test.') && !path.startsWith('tests/'))).toEqual([]);
    expect(Object.keys(files).some((path) => path.includes('__fixtures__') || path.endsWith('platform.d.ts'))).toBe(false);
    expect(files['src/settings.ts']).toContain('"maxIterations": 8');
  });

  it('gives each flavour its own main, adapter, test and dependencies', () => {
    const plain = projectFiles(request('plain'), {}, templateFiles());
    const aiSdk = projectFiles(request('ai-sdk'), {}, templateFiles());
    const mcp = projectFiles(request('mcp'), {}, templateFiles());
    expect(plain['src/main.ts']).toContain('runAgent');
    expect(aiSdk['src/main.ts']).toContain('generateText');
    expect(Object.keys(plain).filter((path) => /ai-sdk|mcp|main-|event-store/.test(path))).toEqual([]);
    expect(Object.keys(aiSdk).filter((path) => /event-store/.test(path))).toEqual([]);
    expect(
      Object.keys(aiSdk)
        .filter((path) => /ai-sdk|mcp/.test(path))
        .sort(),
    ).toEqual(['src/ai-sdk-tools.ts', 'tests/ai-sdk.test.ts']);
    expect(
      Object.keys(mcp)
        .filter((path) => /ai-sdk|mcp/.test(path))
        .sort(),
    ).toEqual(['src/mcp-server.ts', 'src/serve-mcp-http.ts', 'src/serve-mcp.ts', 'tests/mcp-server.test.ts']);
    expect(mcp['src/event-store.ts']).toContain('class BoundedEventStore');
    // The template alone imports zod (the tools) and the flavour's package (see project-dependencies.test.ts for the whole project).
    const dependencies = (files: Record<string, string>) =>
      Object.keys((JSON.parse(files['package.json'] ?? '{}') as { dependencies: object }).dependencies);
    expect(dependencies(plain)).toEqual(['zod']);
    expect(dependencies(aiSdk)).toEqual(['ai', 'zod']);
    expect(dependencies(mcp)).toEqual(['@modelcontextprotocol/sdk', 'zod']);
    // The same two commands as Toolscope's own README.
    expect(plain['README.md']).toContain('npm install && npm start');
    expect(plain['README.md']).toContain('npm test ');
  });

  it('keeps tools whose names differ only by _ and - apart', () => {
    const files = projectFiles(request('plain', [weather, { ...weather, name: 'get-weather' }]), {}, {});
    expect(
      Object.keys(files)
        .filter((path) => path.startsWith('src/tools/'))
        .sort(),
    ).toEqual(['src/tools/get-weather-2.ts', 'src/tools/get-weather.ts', 'src/tools/index.ts']);
    expect(files['src/tools/index.ts']).toContain("import getWeather2, { inputSchema as getWeather2Input } from './get-weather-2.ts';");
  });
});

describe('generated tool tests', () => {
  const testOf = (testCall: ProjectRequest['tools'][number]['testCall']) =>
    projectFiles(request('plain', [{ ...weather, testCall }]), {}, {})['tests/get-weather.test.ts'] ?? '';

  it('call a tool in process when its outcome was seen in Toolscope', () => {
    const test = testOf({ arguments: { city: 'Oslo' }, expected: { status: 'success' } });
    expect(test).toContain("await callTool('get_weather', { city: 'Oslo' })");
    expect(test).not.toContain('assumed');
  });

  it('call a tool in a worker when no test call was recorded, since an unseen call may never yield', () => {
    const test = testOf({ arguments: { city: 'Oslo' }, expected: { status: 'success' }, assumed: true });
    expect(test).toContain('ASSUMED: no test call was recorded there, so success is\n// assumed, not seen');
    expect(test).toContain("await callToolInWorker('get_weather', { city: 'Oslo' }, { timeoutMs: 5000, attempts: 3 })");
    expect(test).toContain('answers its test arguments with success (assumed)');
  });

  it('expect invalid_arguments, and say why, for arguments the schema refuses', () => {
    const test = testOf({
      arguments: { city: 42 },
      expected: { status: 'error', kind: 'invalid_arguments' },
      refusedBecause: 'city: Invalid input: expected string, received number',
    });
    expect(test).toContain(
      'which its schema refuses (city: Invalid input: expected string, received number):\n// the executor answers invalid_arguments',
    );
    expect(test).toContain("toMatchObject({ status: 'error', kind: 'invalid_arguments' })");
    expect(test).toContain('answers its test arguments with an invalid_arguments error (its schema refuses them)');
    expect(test).not.toContain('assumed');
  });
});
