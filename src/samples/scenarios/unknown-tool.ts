import { defineScenario } from './define-scenario.ts';

export const unknownToolScenario = defineScenario({
  name: 'Unknown tool: the model invents one',
  description:
    'The model calls get_stock_price, which does not exist. The executor answers with an unknown_tool error ' +
    'that lists the tools that do exist, and the model falls back to search_web. The run never breaks.',
  seed: 4,
  turns: [
    {
      text: 'I will get the current price.',
      latencyMs: 150,
      toolCalls: [{ name: 'get_stock_price', arguments: { symbol: 'ACME' } }],
    },
    {
      text: 'There is no stock price tool; a web search will do.',
      latencyMs: 150,
      toolCalls: [{ name: 'search_web', arguments: { query: 'ACME stock price today', max_results: 2 } }],
    },
  ],
});
