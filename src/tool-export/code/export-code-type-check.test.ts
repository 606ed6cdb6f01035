import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy } from '../../core/index.ts';
import { sampleTools, toolTemplate } from '../../samples/index.ts';
import type { ExportableTool } from '../export-types.ts';
import { typeCheckFiles } from '../type-check-files.test-support.ts';
import { exportAiSdk } from './ai-sdk-export.ts';
import { exportDefineTool } from './define-tool-export.ts';
import { exportMcp } from './mcp-export.ts';

// Issue 18: the exported code must compile where it is going. Every export flavour of every sample
// tool (alone, and all together in one file) is checked by TypeScript against the real `ai`,
// `@modelcontextprotocol/sdk`, zod and Node types, and the defineTool modules against the real src/core.

const defaults = { timeoutMs: 10_000, retry: defaultRetryPolicy };

/** A tool that uses everything the export has to map: every ctx member, 'toolscope' errors, a name in both modules. */
const kitchenSink: ExportableTool = {
  name: 'kitchen-sink',
  description: 'Uses every part of ctx.',
  idempotent: false,
  retry: { maxAttempts: 2, baseDelayMs: 10 },
  schemaSource: `import { z } from 'zod';\nconst LIMIT = 5;\nexport default z.object({ count: z.number().int().max(LIMIT) });\n`,
  codeSource: `import { z } from 'zod';
import { TransientError, PermanentError as Permanent, InvalidArgumentsError } from 'toolscope';
const LIMIT = 3;
export default async function run(input: Input, ctx: ToolContext) {
  const { sleep, log } = ctx;
  await sleep(1);
  log(ctx.toolCallId, ctx.attempt, ctx.userId ?? 'nobody', ctx.env.HOME, ctx.idempotencyKey, ctx.signal.aborted);
  if (input.count > LIMIT) throw new InvalidArgumentsError('too many', [{ path: 'count', message: 'at most 3' }]);
  const response = await ctx.fetch('https://example.com', { method: 'GET' });
  if (response.status === 503) throw new TransientError('busy', { retryAfterMs: 10 });
  if (!response.ok) throw new Permanent('no');
  return z.object({ value: z.number() }).parse(await response.json());
}
`,
};

// `get-weather` beside `get_weather`: both would be called getWeather in one file.
const exported: ExportableTool[] = [
  ...sampleTools,
  toolTemplate,
  kitchenSink,
  { ...(sampleTools[0] as ExportableTool), name: 'get-weather' },
];

function exportFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const tool of exported.slice(0, -1)) {
    files[`ai-sdk--${tool.name}.ts`] = exportAiSdk([tool], defaults).text;
    files[`mcp--${tool.name}.ts`] = exportMcp([tool], defaults).text;
    // At the root of the virtual folder, `../core/index.ts` is the repo's src/core.
    files[`define-tool--${tool.name}.ts`] = exportDefineTool([tool], defaults).text;
  }
  files['ai-sdk--all.ts'] = exportAiSdk(exported, defaults).text;
  files['mcp--all.ts'] = exportMcp(exported, defaults).text;
  files['define-tool--all.ts'] = exportDefineTool(exported, defaults).text;
  // Proves the check can fail: a tool that reads a ctx member no target has, and returns the wrong type.
  files['broken--ai-sdk.ts'] = exportAiSdk(
    [
      {
        ...toolTemplate,
        codeSource:
          'export default async function execute(input: Input, ctx: ToolContext) {\n  return input.text.toFixed(2) + ctx.nope;\n}\n',
      },
    ],
    defaults,
  ).text;
  return files;
}

describe('exported code type-checks against the real packages', () => {
  it('every flavour of every sample tool, alone and all together; a broken tool fails', { timeout: 240_000 }, () => {
    const problems = typeCheckFiles(exportFiles());
    const broken = problems.filter((problem) => problem.file.startsWith('broken--'));
    expect(problems.filter((problem) => !problem.file.startsWith('broken--'))).toEqual([]);
    expect(broken.map((problem) => problem.message)).toEqual([
      expect.stringContaining("Property 'toFixed' does not exist on type 'string'"),
      expect.stringContaining("Property 'nope' does not exist on type 'ToolContext'"),
    ]);
  });
});
