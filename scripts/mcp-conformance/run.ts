// `npm run mcp-conformance`: the MCP project's own conformance suite against
//   - the app's client (connect, list, call through McpConnection and the executor: app-client.ts),
//     every client scenario that needs no OAuth (the app's connect dialog has no OAuth flow);
//   - the sample server (`npm run mcp-sample`'s, started here on a free port);
//   - an exported MCP project (Download project, MCP flavour), served over HTTP.
// Prints one table; exits non-zero when a scenario that applies fails. Results: .conformance-results/.
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureConformanceTools, listScenarios, readChecks, runSuite, type Check } from './conformance-tools.ts';
import { primingProbe } from './priming-probe.ts';
import { serverTargets } from './server-targets.ts';

const resultsRoot = resolve('.conformance-results');
rmSync(resultsRoot, { recursive: true, force: true });
ensureConformanceTools();
const scenarios = listScenarios();
const only = process.env.MCP_CONFORMANCE_ONLY; // e.g. "client" or "sample" or "export"

interface Row {
  target: string;
  scenario: string;
  verdict: 'pass' | 'fail' | 'warn' | 'n/a';
  detail: string;
}
const rows: Row[] = [];

function verdictOf(checks: Check[] | undefined, code: number): Pick<Row, 'verdict' | 'detail'> {
  if (!checks) return { verdict: 'fail', detail: `no result (exit ${code})` };
  const failures = checks.filter((check) => check.status === 'FAILURE');
  const warnings = checks.filter((check) => check.status === 'WARNING');
  const successes = checks.filter((check) => check.status === 'SUCCESS');
  if (failures.length > 0)
    return {
      verdict: 'fail',
      detail: failures.map((check) => `${check.id}: ${check.errorMessage ?? check.description ?? ''}`).join(' | '),
    };
  if (warnings.length > 0)
    return { verdict: 'warn', detail: warnings.map((check) => `${check.id}: ${check.errorMessage ?? ''}`).join(' | ') };
  return { verdict: 'pass', detail: `${successes.length} checks` };
}

if (!only || only === 'client') {
  const clientCommand = `${process.execPath} ${resolve('node_modules/tsx/dist/cli.mjs')} ${resolve('scripts/mcp-conformance/app-client.ts')}`;
  for (const scenario of scenarios.client.filter((name) => !name.startsWith('auth/'))) {
    const folder = join(resultsRoot, 'client', scenario);
    const code = await runSuite(
      ['client', '--command', clientCommand, '--scenario', scenario, '-o', folder, '--timeout', '60000'],
      `${folder}.log`,
    );
    const [checks] = readChecks(folder).values();
    rows.push({ target: 'app client', scenario, ...verdictOf(checks, code) });
    console.log(`client ${scenario}: ${rows.at(-1)!.verdict}`);
  }
}

for (const target of serverTargets) {
  if (only && only !== target.key) continue;
  const running = await target.start();
  try {
    for (const scenario of scenarios.server) {
      if (!target.applies(scenario)) {
        rows.push({ target: target.label, scenario, verdict: 'n/a', detail: target.whyNot(scenario) });
        continue;
      }
      const folder = join(resultsRoot, target.key, scenario);
      const code = await runSuite(['server', '--url', running.url, '--scenario', scenario, '-o', folder], `${folder}.log`);
      const [checks] = readChecks(folder).values();
      rows.push({ target: target.label, scenario, ...verdictOf(checks, code) });
      console.log(`${target.key} ${scenario}: ${rows.at(-1)!.verdict}`);
    }
    const priming = await primingProbe(running.url).catch((error: unknown) => ({ ok: false, detail: String(error) }));
    rows.push({
      target: target.label,
      scenario: 'priming event (own check)',
      verdict: priming.ok ? 'pass' : 'fail',
      detail: priming.detail,
    });
  } finally {
    await running.close();
  }
}

const width = (pick: (row: Row) => string, title: string) => Math.max(title.length, ...rows.map((row) => pick(row).length));
const targetWidth = width((row) => row.target, 'target');
const scenarioWidth = width((row) => row.scenario, 'scenario');
const line = (target: string, scenario: string, verdict: string, detail: string) =>
  `${target.padEnd(targetWidth)}  ${scenario.padEnd(scenarioWidth)}  ${verdict.padEnd(7)}  ${detail.slice(0, 160)}`;
console.log(`\n${line('target', 'scenario', 'verdict', 'detail')}`);
for (const row of rows) console.log(line(row.target, row.scenario, row.verdict, row.detail));
const counts = (verdict: Row['verdict']) => rows.filter((row) => row.verdict === verdict).length;
console.log(`\n${counts('pass')} passed, ${counts('fail')} failed, ${counts('warn')} warned, ${counts('n/a')} not applicable`);
process.exit(counts('fail') === 0 ? 0 : 1);
