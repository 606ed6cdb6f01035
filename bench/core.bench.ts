import pLimit from 'p-limit';
import { z } from 'zod';
import { defineTool, ToolExecutor, modelFacingPayload } from '../src/core/index.ts';
import type { Suite } from './measure.ts';
import { SeedExecutor } from './seed-executor.ts';

// What the executor costs over the code a developer would write by hand: per call, against a bare
// safeParse + direct call; per batch, against Promise.all over p-limit with the same validation.

const schema = z.object({ a: z.number(), b: z.number() });
const add = ({ a, b }: { a: number; b: number }): number => a + b;
const addAsync = async ({ a, b }: { a: number; b: number }): Promise<number> => {
  await Promise.resolve();
  return a + b;
};
const argumentsObject = { a: 2, b: 3 };
const argumentsText = JSON.stringify(argumentsObject);
let sink = 0;

const singleExecutor = new ToolExecutor();
singleExecutor.register(defineTool({ name: 'add', description: 'Adds', schema, execute: add }));

const seedExecutor = new SeedExecutor();
seedExecutor.register('add', { schema, execute: (input) => add(input as { a: number; b: number }) });

const batchSize = 1000;
const concurrency = 8;
const batchExecutor = new ToolExecutor({ concurrency });
batchExecutor.register(defineTool({ name: 'add', description: 'Adds', schema, execute: addAsync }));
const batchCalls = Array.from({ length: batchSize }, (_, index) => ({ id: `c${index}`, name: 'add', arguments: argumentsText }));

export const coreSuite: Suite = {
  name: 'core',
  clock: 'cpu',
  comparisons: [
    {
      name: 'execute vs a hand-rolled executor',
      unit: 'call',
      target: 1.5,
      baseline: {
        label: 'map + safeParse + race timer + try/catch',
        async run(operations) {
          for (let index = 0; index < operations; index++) {
            const result = await seedExecutor.execute({ name: 'add', arguments: argumentsObject });
            if (result.status === 'success') sink += result.result as number;
          }
        },
      },
      candidate: {
        label: 'executor.execute',
        async run(operations) {
          for (let index = 0; index < operations; index++) {
            const result = await singleExecutor.execute({ id: 'c', name: 'add', arguments: argumentsObject });
            sink += modelFacingPayload(result) as number;
          }
        },
      },
    },
    {
      name: 'execute, object arguments',
      unit: 'call',
      baseline: {
        label: 'safeParse + call',
        run(operations) {
          for (let index = 0; index < operations; index++) {
            const parsed = schema.safeParse(argumentsObject);
            if (parsed.success) sink += add(parsed.data);
          }
        },
      },
      candidate: {
        label: 'executor.execute',
        async run(operations) {
          for (let index = 0; index < operations; index++) {
            const result = await singleExecutor.execute({ id: 'c', name: 'add', arguments: argumentsObject });
            sink += modelFacingPayload(result) as number;
          }
        },
      },
    },
    {
      name: 'execute, JSON text arguments',
      unit: 'call',
      baseline: {
        label: 'JSON.parse + safeParse + call',
        run(operations) {
          for (let index = 0; index < operations; index++) {
            const parsed = schema.safeParse(JSON.parse(argumentsText));
            if (parsed.success) sink += add(parsed.data);
          }
        },
      },
      candidate: {
        label: 'executor.execute',
        async run(operations) {
          for (let index = 0; index < operations; index++) {
            const result = await singleExecutor.execute({ id: 'c', name: 'add', arguments: argumentsText });
            sink += modelFacingPayload(result) as number;
          }
        },
      },
    },
    {
      name: `batch of ${batchSize.toLocaleString('en')}, concurrency ${concurrency}`,
      unit: 'batch',
      target: 2,
      baseline: {
        label: 'Promise.all over p-limit',
        async run(operations) {
          for (let index = 0; index < operations; index++) {
            const limit = pLimit(concurrency);
            const results = await Promise.all(
              batchCalls.map((call) =>
                limit(async () => {
                  const parsed = schema.safeParse(JSON.parse(call.arguments));
                  return parsed.success ? addAsync(parsed.data) : 0;
                }),
              ),
            );
            sink += results.length;
          }
        },
      },
      candidate: {
        label: 'executor.executeBatch',
        async run(operations) {
          for (let index = 0; index < operations; index++) {
            const results = await batchExecutor.executeBatch(batchCalls);
            sink += results.length;
          }
        },
      },
    },
  ],
};

/** Keeps the optimizer from dropping the measured work. */
export function benchmarkSink(): number {
  return sink;
}
