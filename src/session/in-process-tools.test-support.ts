// In-process tools for the run layer's tests (and the store's): weather, a calculator, and two versions
// of flaky_api whose canary always fails.
import { z } from 'zod';
import { defineTool } from '../core/index.ts';

export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current weather forecast for a city',
  schema: z.object({ city: z.string().describe('City name') }),
  async execute(input, ctx) {
    await ctx.sleep(100);
    return { city: input.city, temperature: 18 };
  },
});

export const calculator = defineTool({
  name: 'calculator',
  description: 'Evaluate an arithmetic expression',
  schema: z.object({ expression: z.string() }),
  execute: async ({ expression }) => ({ expression, value: 42 }),
});

const inventorySchema = z.object({ item_id: z.string() });
/** The stable version answers; the version in the editors (the canary) always fails. */
export const flakyApiVersion1 = defineTool({
  name: 'flaky_api',
  description: 'Fetch an inventory item',
  schema: inventorySchema,
  execute: async ({ item_id }) => ({ item_id }),
});
export const flakyApiVersion2 = defineTool({
  name: 'flaky_api',
  description: 'Fetch an inventory item',
  schema: inventorySchema,
  execute: async () => {
    throw new Error('v2 regression');
  },
});
