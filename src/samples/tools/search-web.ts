import type { SampleTool } from '../sample-types.ts';

export const searchWeb: SampleTool = {
  name: 'search_web',
  description:
    'Search the web and return the most relevant pages (title, URL, snippet). Use it for facts that change, ' +
    'news and events; the results are mock pages, so the tool works offline.',
  idempotent: true,
  exampleArguments: { query: 'things to do in Paris this weekend', max_results: 3 },
  schemaSource: `import { z } from 'zod';

export default z.object({
  query: z.string().min(2).max(200).describe('What to search for, in plain words'),
  max_results: z.number().int().min(1).max(10).default(5).describe('How many results to return, 1 to 10'),
});
`,
  codeSource: `// A mock search engine: a small fixed index ranked by how many query words a page contains, so the
// same query always gives the same pages. A query that matches nothing still gets plausible results.
const INDEX = [
  { title: 'Paris this weekend: exhibitions, concerts and markets', url: 'https://www.parisinfo.example/weekend', snippet: 'Our pick of things to do in Paris this weekend: a Monet retrospective, jazz by the Seine and the flea market at Saint-Ouen.' },
  { title: 'Tokyo travel guide', url: 'https://travel.example/tokyo', snippet: 'Neighbourhoods, food and day trips in Tokyo, with a season-by-season guide to the weather.' },
  { title: 'How weather forecasts are made', url: 'https://science.example/forecasts', snippet: 'Weather models split the atmosphere into a grid and step it forward in time from observations.' },
  { title: 'Exponential backoff and jitter', url: 'https://architecture.example/backoff', snippet: 'Retrying at once after a failure adds load to a service that is already struggling; wait longer each time, with jitter.' },
  { title: 'The best pizza in Naples, ranked', url: 'https://food.example/naples-pizza', snippet: 'Twelve pizzerias in Naples, from the classic margherita to the fried pizza of the Spanish Quarter.' },
  { title: 'HTTP 429 Too Many Requests', url: 'https://developer.example/http/429', snippet: 'The user has sent too many requests in a given amount of time. A Retry-After header may say how long to wait.' },
  { title: 'Stock market today: indexes close higher', url: 'https://markets.example/today', snippet: 'Shares rose across the board; see live prices and charts for every listed company.' },
  { title: 'Lima food markets worth a visit', url: 'https://travel.example/lima-markets', snippet: 'From Surquillo to Mercado Central: where to eat ceviche and buy fruit you have never heard of in Lima.' },
];

export default async function execute(input: Input, ctx: ToolContext) {
  await ctx.sleep(200 + Math.min(input.query.length, 50) * 2); // the search engine's response time
  const words = input.query.toLowerCase().split(/\\W+/).filter((word) => word.length > 2);
  const ranked = INDEX.map((page) => ({ page, score: words.filter((word) => \`\${page.title} \${page.snippet}\`.toLowerCase().includes(word)).length }))
    .filter((entry) => entry.score > 0)
    .sort((first, second) => second.score - first.score)
    .map((entry) => entry.page);
  const results = ranked.length > 0 ? ranked : fallbackResults(input.query);
  ctx.log(\`\${ranked.length} indexed pages matched "\${input.query}"\`);
  return { query: input.query, results: results.slice(0, input.max_results) };
}

function fallbackResults(query: string) {
  const slug = encodeURIComponent(query.trim().replace(/\\s+/g, '_'));
  return [
    { title: \`\${query} - Wikipedia\`, url: \`https://en.wikipedia.example/wiki/\${slug}\`, snippet: \`An encyclopedia article about \${query}.\` },
    { title: \`\${query}: latest news\`, url: \`https://news.example/search?q=\${slug}\`, snippet: \`Recent articles mentioning \${query}.\` },
  ];
}
`,
};
