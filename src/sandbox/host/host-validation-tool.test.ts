import { describe, expect, it } from 'vitest';
import { ToolExecutor } from '../../core/index.ts';
import { createSandboxedTool } from './sandboxed-tool.ts';
import { inProcessHost, tick } from './in-process-host.test-support.ts';

// A tool whose schema is plain validates on the host once its schema worker described it; what the
// host's copy refuses still goes to the worker, so an invalid call reports the worker's issues.

const plainSchema =
  "import { z } from 'zod';\nexport default z.object({ city: z.string().min(2, 'name a real city'), unit: z.enum(['c', 'f']).default('c') });\n";
const codeSource = 'export default async function execute(input) {\n  return input;\n}\n';

async function plainTool(schemaSource = plainSchema) {
  const fake = inProcessHost();
  const created = await createSandboxedTool(fake.host, { name: 'weather', description: 'Weather', schemaSource, codeSource });
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  const deadline = Date.now() + 10_000;
  while (fake.host.idleTasks.size > 0 && Date.now() < deadline) await tick(1);
  await tick();
  const schemaWorker = fake.workers.find((worker) => worker.role === 'schema');
  const validates: unknown[] = [];
  schemaWorker?.port.addEventListener('message', (event: MessageEvent<{ type: string; args?: unknown }>) => {
    if (event.data.type === 'validate') validates.push(event.data.args);
  });
  return { ...fake, tool: created.tool, validates };
}

describe('validation of a plain schema on the host', () => {
  it('answers at once, with what the schema would parse, and sends the worker nothing', async () => {
    const { tool, validates } = await plainTool();
    const result = tool.validate({ unit: 'f', city: 'Oslo', extra: 1 }, new AbortController().signal);
    expect(result).toEqual({ success: true, data: { city: 'Oslo', unit: 'f' } });
    await tick();
    expect(validates).toEqual([]);
    tool.dispose();
  });

  it('leaves refused arguments, and a default to apply, to the worker: same issues, same data as before', async () => {
    const { tool, validates } = await plainTool();
    expect(await tool.validate({ city: 'O', unit: 'k' }, new AbortController().signal)).toEqual({
      success: false,
      issues: [
        { path: 'city', message: 'name a real city' },
        { path: 'unit', message: 'Invalid option: expected one of "c"|"f"' },
      ],
    });
    expect(await tool.validate({ city: 'Oslo' }, new AbortController().signal)).toEqual({
      success: true,
      data: { city: 'Oslo', unit: 'c' },
    });
    expect(validates).toEqual([{ city: 'O', unit: 'k' }, { city: 'Oslo' }]);
    tool.dispose();
  });

  it('keeps a schema with a refine in the worker, and runs calls the same through the executor', async () => {
    const refined =
      "import { z } from 'zod';\nexport default z.object({ city: z.string().refine((city) => city !== 'Atlantis', 'no such city') });\n";
    const { tool, validates } = await plainTool(refined);
    expect(tool.validate({ city: 'Atlantis' }, new AbortController().signal)).toBeInstanceOf(Promise);
    const executor = new ToolExecutor();
    executor.register(tool);
    const refusedCall = await executor.execute({ name: 'weather', arguments: { city: 'Atlantis' } });
    expect(refusedCall.status).toBe('error');
    const call = await executor.execute({ name: 'weather', arguments: { city: 'Oslo' } });
    expect(call).toMatchObject({ status: 'success', result: { city: 'Oslo' } });
    await tick();
    expect(validates).toHaveLength(3);
    tool.dispose();
  });
});
