import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy } from '../../core/index.ts';
import { sampleTools, toolTemplate } from '../../samples/index.ts';
import type { ExportableTool } from '../export-types.ts';
import { exportCode } from './export-code.ts';

const defaults = { timeoutMs: 10_000, retry: defaultRetryPolicy };
const sample = (name: string): ExportableTool => {
  const found = sampleTools.find((tool) => tool.name === name);
  if (!found) throw new Error(name);
  return found;
};
const generate = (target: 'ai-sdk' | 'mcp' | 'define-tool', tools: ExportableTool[]) =>
  exportCode({ target, tools, definitions: [], defaults });

describe('code export', () => {
  it('gives each target its own file name, so two downloads never overwrite each other (issue 26)', () => {
    for (const tools of [[sample('get_weather')], [sample('get_weather'), sample('calculator')]]) {
      const names = (['ai-sdk', 'mcp', 'define-tool'] as const).map((target) => generate(target, tools).fileName);
      expect(new Set(names).size, names.join(', ')).toBe(3);
    }
    expect(generate('ai-sdk', [sample('get_weather')]).fileName).toBe('get-weather-ai-sdk-tool.ts');
    expect(generate('define-tool', [sample('get_weather')]).fileName).toBe('get-weather.ts');
  });

  it('is self-contained: no editor globals left, Input and ToolContext declared, imports merged', () => {
    const { text } = generate('ai-sdk', [sample('get_weather')]);
    expect(text).toContain("import { tool } from 'ai';");
    // Schema and code both import zod: once in the export.
    expect(text.match(/from 'zod'/g)).toHaveLength(1);
    expect(text).toContain('type Input = z.output<typeof inputSchema>;');
    expect(text).toContain('interface ToolContext {');
    expect(text).not.toMatch(/^export default/m);
    expect(text).toContain('export const getWeather = tool({');
  });

  it('says at the top what the target lacks, only for the ctx features the code uses', () => {
    const email = generate('ai-sdk', [sample('send_email')]);
    expect(email.notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining('ctx.idempotencyKey is the tool call id'),
        expect.stringContaining('ctx.attempt is always 1'),
      ]),
    );
    expect(
      email.text
        .split('\n')
        .slice(0, email.notes.length + 2)
        .join('\n'),
    ).toContain('ctx.idempotencyKey is the tool call id');
    // send_email does not fetch; get_weather does (in its LIVE branch).
    expect(email.notes.join('\n')).not.toContain('ctx.fetch');
    expect(generate('mcp', [sample('get_weather')]).notes).toEqual(
      expect.arrayContaining([expect.stringContaining('ctx.fetch is the global fetch')]),
    );
  });

  it('keeps the deadline and says what happens to retries', () => {
    const cpu = generate('ai-sdk', [sample('cpu_hog')]);
    expect(cpu.text).toContain('withDeadline(1000, options.abortSignal');
    const weather = generate('mcp', [sample('get_weather')]);
    expect(weather.text).toContain('withDeadline(10000, extra.signal');
    expect(weather.notes.join('\n')).toMatch(/retries this tool on transient errors \(up to 3 attempts/);
    // Not idempotent: never retried in Toolscope either, so nothing to say about retries.
    expect(generate('mcp', [sample('send_email')]).notes.join('\n')).not.toContain('retries');
  });

  it('gives MCP the annotations the settings imply', () => {
    expect(generate('mcp', [sample('send_email')]).text).toContain(
      'annotations: { idempotentHint: false, destructiveHint: true, openWorldHint: false }',
    );
    expect(generate('mcp', [sample('get_weather')]).text).toContain(
      'annotations: { idempotentHint: true, destructiveHint: false, openWorldHint: true }',
    );
    expect(generate('mcp', [sample('calculator')]).text).toContain("server.registerTool(\n  'calculator',");
  });

  it('carries timeout, retry and idempotency into defineTool, and imports the core', () => {
    const { text } = generate('define-tool', [sample('cpu_hog')]);
    expect(text).toContain("import { defineTool, type ToolContext as ExecutorContext } from '../core/index.ts';");
    expect(text).toContain('  idempotent: true,\n  timeoutMs: 1000,\n  retry: { maxAttempts: 1 },\n  execute: execute,');
    expect(text).toContain('export const inputSchema = z.object(');
  });

  it("maps 'toolscope' errors: the core's classes for defineTool, local classes elsewhere", () => {
    const tool: ExportableTool = {
      ...toolTemplate,
      codeSource:
        "import { TransientError } from 'toolscope';\nexport default async function execute(input: Input) {\n  throw new TransientError(input.text);\n}\n",
    };
    expect(generate('define-tool', [tool]).text).toContain(
      "import { defineTool, type ToolContext as ExecutorContext, TransientError } from '../core/index.ts';",
    );
    const aiSdk = generate('ai-sdk', [tool]).text;
    expect(aiSdk).not.toContain('toolscope');
    expect(aiSdk).toContain('class TransientError extends Error {');
  });

  it('puts several tools in one file, each in its own scope', () => {
    const { text, notes } = generate('ai-sdk', [sample('get_weather'), sample('send_email')]);
    expect(text).toContain('function getWeatherTool() {');
    expect(text).toContain('export const tools = {\n  get_weather: getWeatherTool(),\n  send_email: sendEmailTool(),\n};');
    expect(notes.some((note) => note.startsWith('send_email: '))).toBe(true);
  });

  it('says so when a tab has no default export, and still produces a file', () => {
    const { notes, text } = generate('ai-sdk', [{ ...toolTemplate, codeSource: 'const x = 1;\n' }]);
    expect(notes[0]).toBe('The Code tab has no `export default`.');
    expect(text).toContain("throw new Error('The tool has no execute function')");
  });
});
