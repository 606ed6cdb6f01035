import type { SampleTool } from '../sample-types.ts';

export const getWeather: SampleTool = {
  name: 'get_weather',
  description: 'Get the current weather for a city. Returns temperature, conditions and humidity.',
  idempotent: true,
  exampleArguments: { city: 'Paris', unit: 'celsius' },
  schemaSource: `import { z } from 'zod';

export default z.object({
  city: z.string().min(1).describe('City name, e.g. "Paris" or "San Francisco"'),
  unit: z.enum(['celsius', 'fahrenheit']).default('celsius').describe('Temperature unit'),
});
`,
  codeSource: `// Mock data by default, so it works offline. To call a real API, add its origin to
// Settings → Network allowlist and use ctx.fetch (it is aborted when the call times out).
const CONDITIONS = ['sunny', 'cloudy', 'light rain', 'windy', 'foggy'];

export default async function execute(input: Input, ctx: ToolContext) {
  await ctx.sleep(150 + (input.city.length % 5) * 60); // a network round trip
  const seed = [...input.city.toLowerCase()].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const celsius = (seed % 30) - 2;
  ctx.log('looked up', input.city);
  return {
    city: input.city,
    temperature: input.unit === 'fahrenheit' ? Math.round(celsius * 1.8 + 32) : celsius,
    unit: input.unit,
    conditions: CONDITIONS[seed % CONDITIONS.length],
    humidity: 40 + (seed % 50),
  };
}
`,
};
