import { defineScenario } from './define-scenario.ts';

const version1 = { failure_rate: 0.1 };
const version2 = { failure_rate: 0.9 };

export const canaryScenario = defineScenario({
  name: 'Canary: version 2 of a tool fails more often',
  description:
    'Pretend v2 of flaky_api has just shipped with a regression: its failure rate went from 10% to 90%. The calls ' +
    'routed to v1 succeed at once; of the three routed to v2, two fail even after three attempts. A canary release ' +
    'exists to catch this on a small share of traffic and roll back. The versions view (canary share, rollback) ' +
    'comes with the tool registry features; for now the failure rate is played by an argument.',
  seed: 11,
  turns: [
    {
      text: 'Checking five items: sku-1001 and sku-1002 go to v1, sku-1003 to sku-1005 to the v2 canary.',
      latencyMs: 150,
      toolCalls: [
        { name: 'flaky_api', arguments: { item_id: 'sku-1001', ...version1, seed: 1 } },
        { name: 'flaky_api', arguments: { item_id: 'sku-1002', ...version1, seed: 2 } },
        { name: 'flaky_api', arguments: { item_id: 'sku-1003', ...version2, seed: 3 } },
        { name: 'flaky_api', arguments: { item_id: 'sku-1004', ...version2, seed: 4 } },
        { name: 'flaky_api', arguments: { item_id: 'sku-1005', ...version2, seed: 8 } },
      ],
    },
  ],
});
