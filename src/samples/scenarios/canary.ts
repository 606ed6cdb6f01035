import { defineScenario } from './define-scenario.ts';

// Twelve stock checks of flaky_api, routed by call id. At a 25% canary, call_2, call_5 and call_6 go to v2;
// of the second batch, call_9 and call_12 would, unless v2 is rolled back in between (core's routing hash
// on "flaky_api:<call id>"; sample-scenario-runs.test.ts pins the split).
const check = (call: number, sku: number) => ({
  id: `call_${call}`,
  name: 'flaky_api',
  arguments: { item_id: `sku-${sku}`, failure_rate: 0.1, seed: call },
});

export const canaryScenario = defineScenario({
  name: 'Canary: v2 of flaky_api ships with a bug',
  description:
    'For its run only (your workspace stays as it is), the scenario releases v2 of flaky_api as the Versions tab would: v1 is frozen as the stable version and ' +
    'v2, whose code reads item ids in a new format (a real bug: "sku-1001" no longer parses), takes 25% of the calls, routed ' +
    "by call. It also takes lookup_user's downstream down (Faults: 503 on every request), so the health check every run " +
    'starts with finds it unhealthy, and offers each turn only the top 3 tools found by discovery. The first six checks ' +
    'split between v1 (fine) and v2 (every call fails). Roll v2 back in the Versions tab during the 4 s pause: the six ' +
    'checks after it all go to v1. The call to lookup_user comes back unavailable.',
  prepare: {
    release: {
      tool: 'flaky_api',
      change: {
        find: 'const number = Number(input.item_id.slice(4));',
        replace:
          '// v2: ids in the new format, sku-<region>-<number>. Old ids ("sku-1001") no longer parse: the bug.\n' +
          "  const number = Number(input.item_id.split('-')[2]);\n" +
          '  if (!Number.isInteger(number)) throw new Error(`inventory v2: cannot parse item id "${input.item_id}"`);',
      },
      traffic: 0.25,
      routing: 'call',
    },
    outage: ['lookup_user'],
    discover: 3,
  },
  seed: 11,
  // No scripted final text: what v2 and lookup_user did depends on the run (a rollback, the outage), so the
  // model answers from the results.
  turns: [
    {
      text: 'Checking the stock of six items with flaky_api.',
      latencyMs: 150,
      toolCalls: [1, 2, 3, 4, 5, 6].map((call) => check(call, 1000 + call)),
    },
    {
      text: 'Six more items, and the warehouse manager (lookup_user).',
      latencyMs: 4000,
      toolCalls: [
        ...[7, 8, 9, 10, 11, 12].map((call) => check(call, 1000 + call)),
        { id: 'call_13', name: 'lookup_user', arguments: { user_id: 'usr_8f3k2a', fields: ['name'] } },
      ],
    },
  ],
});
