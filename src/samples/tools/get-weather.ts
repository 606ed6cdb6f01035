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
  codeSource: `import { z } from 'zod';

// Mock data by default, so the tool works offline and answers the same way every time.
// For real data from Open-Meteo (free, no key): set LIVE to true and add
// https://geocoding-api.open-meteo.com and https://api.open-meteo.com to Settings → Network allowlist.
const LIVE = false;

const CONDITIONS = ['sunny', 'cloudy', 'light rain', 'windy', 'foggy'];

export default async function execute(input: Input, ctx: ToolContext) {
  if (LIVE) return fetchLiveWeather(input, ctx);
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

// A response from the network is as untrusted as arguments from the model: parse it, do not assume it.
const places = z.object({
  results: z.array(z.object({ name: z.string(), country: z.string().optional(), latitude: z.number(), longitude: z.number() })).optional(),
});
const forecast = z.object({
  current: z.object({ temperature_2m: z.number(), relative_humidity_2m: z.number(), weather_code: z.number() }),
});

async function fetchLiveWeather(input: Input, ctx: ToolContext) {
  const found = await getJson(ctx, \`https://geocoding-api.open-meteo.com/v1/search?count=1&name=\${encodeURIComponent(input.city)}\`, places);
  const place = found.results?.[0];
  // Not retryable (no status): asking again will not make the city exist.
  if (!place) throw new Error(\`No city called "\${input.city}" was found. Check the spelling or add the country.\`);
  const weather = await getJson(
    ctx,
    \`https://api.open-meteo.com/v1/forecast?latitude=\${place.latitude}&longitude=\${place.longitude}\` +
      \`&current=temperature_2m,relative_humidity_2m,weather_code&temperature_unit=\${input.unit}\`,
    forecast,
  );
  ctx.log('looked up', place.name, place.country ?? '');
  return {
    city: place.name,
    temperature: Math.round(weather.current.temperature_2m),
    unit: input.unit,
    conditions: describeWeatherCode(weather.current.weather_code),
    humidity: weather.current.relative_humidity_2m,
  };
}

async function getJson<Output>(ctx: ToolContext, url: string, schema: z.ZodType<Output>): Promise<Output> {
  // ctx.fetch carries the call's signal: a timeout or Stop cancels the request itself, not only the wait.
  const response = await ctx.fetch(url);
  // The status rides on the error so the executor can tell 429 and 5xx (retried) from 4xx (not).
  if (!response.ok) throw Object.assign(new Error(\`\${new URL(url).host} answered \${response.status} \${response.statusText}\`), { status: response.status });
  return schema.parse(await response.json());
}

/** WMO weather interpretation codes, grouped as Open-Meteo documents them. */
function describeWeatherCode(code: number): string {
  if (code === 0) return 'clear sky';
  if (code <= 3) return 'partly cloudy';
  if (code <= 48) return 'foggy';
  if (code <= 67) return 'rain';
  if (code <= 77) return 'snow';
  if (code <= 82) return 'rain showers';
  return 'thunderstorm';
}
`,
};
