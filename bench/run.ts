// `npm run bench`: runs every suite below and prints one table. Adding a suite is one line in `suites`.
import { readFileSync } from 'node:fs';
import { defaultMeasureOptions, formatTable, formatTargets, measure, type Figure, type Measured, type Suite } from './measure.ts';

// Each suite is loaded only when it runs, in this order: the core's CPU ratios are measured before
// Playwright, Vite and the MCP SDK are in the process. Loaded first, they made the executor's side
// alone up to 1.7x slower and its figure vary from run to run (issue 30: execute 0.83-0.90x with the core
// alone, 0.86-1.70x with them loaded, the hand-rolled baseline unchanged).
const suites: { name: string; load: () => Promise<Suite> }[] = [
  { name: 'core', load: async () => (await import('./core.bench.ts')).coreSuite },
  { name: 'timeline', load: async () => (await import('./timeline.bench.ts')).timelineSuite },
  { name: 'mcp', load: async () => (await import('./mcp.bench.ts')).mcpSuite },
  { name: 'scale', load: async () => (await import('./scale.bench.ts')).scaleSuite },
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: Measured[] = [];
  const figures: Figure[] = [];
  const started = performance.now();
  const loadAtStart = loadAverage();
  for (const entry of suites) {
    if (only.length > 0 && !only.includes(entry.name)) continue;
    const suite = await entry.load();
    for (const comparison of suite.comparisons) {
      process.stdout.write(`measuring ${suite.name} / ${comparison.name}...\n`);
      rows.push(await measure(suite.name, comparison, { ...defaultMeasureOptions, ...suite.options }, suite.clock));
    }
    if (suite.figures) figures.push(...(await suite.figures()));
    await suite.teardown?.();
  }
  const sections = [rows.length > 0 ? formatTable(rows) : '', formatTargets(rows, figures)].filter((section) => section !== '');
  process.stdout.write(
    `\n${sections.join('\n\n')}\n\nratio = candidate / baseline (median of rounds; core in CPU time, timeline and scale in wall time); ${((performance.now() - started) / 1000).toFixed(1)} s total, node ${process.version}, load average ${loadAtStart} at the start, ${loadAverage()} at the end\n`,
  );
  if (only.length === 0 || only.includes('core')) {
    const { benchmarkSink } = await import('./core.bench.ts');
    if (Number.isNaN(benchmarkSink())) process.stdout.write('\n');
  }
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
