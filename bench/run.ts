// `npm run bench`: runs every suite below and prints one table. Adding a suite is one line in `suites`.
import { readFileSync } from 'node:fs';
import { coreSuite, benchmarkSink } from './core.bench.ts';
import { formatTable, measure, type Measured, type Suite } from './measure.ts';
import { timelineSuite } from './timeline.bench.ts';

const suites: Suite[] = [coreSuite, timelineSuite];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: Measured[] = [];
  const started = performance.now();
  for (const suite of suites) {
    if (only.length > 0 && !only.includes(suite.name)) continue;
    for (const comparison of suite.comparisons) {
      process.stdout.write(`measuring ${suite.name} / ${comparison.name}...\n`);
      rows.push(await measure(suite.name, comparison, undefined, suite.clock));
    }
  }
  process.stdout.write(
    `\n${formatTable(rows)}\n\nratio = candidate / baseline (median of rounds; core in CPU time, timeline in wall time); ${((performance.now() - started) / 1000).toFixed(1)} s total, node ${process.version}, load average ${loadAverage()}\n`,
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
