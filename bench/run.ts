// `npm run bench`: runs every suite below and prints one table. Adding a suite is one line in `suites`.
import { readFileSync } from 'node:fs';
import { coreSuite, benchmarkSink } from './core.bench.ts';
import { defaultMeasureOptions, formatTable, formatTargets, measure, type Figure, type Measured, type Suite } from './measure.ts';
import { mcpSuite } from './mcp.bench.ts';
import { scaleSuite } from './scale.bench.ts';
import { timelineSuite } from './timeline.bench.ts';

const suites: Suite[] = [coreSuite, timelineSuite, mcpSuite, scaleSuite];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: Measured[] = [];
  const figures: Figure[] = [];
  const started = performance.now();
  const loadAtStart = loadAverage();
  for (const suite of suites) {
    if (only.length > 0 && !only.includes(suite.name)) continue;
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
  if (Number.isNaN(benchmarkSink())) process.stdout.write('\n');
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
