// `npm run mutation`: StrykerJS on the folders whose tests must be strictest (issue 20), one folder at a
// time, each against its own unit tests only. `npm run mutation -- --scope core` runs one folder,
// `npm run mutation -- --mutate src/core/deadline.ts` one file (its folder's tests); `--fast` skips static
// mutants (module-level values, half the run time) while iterating. Runs are incremental: a mutant whose
// code and covering tests did not change keeps its last result. A static mutant that survived keeps that
// result even when a new test would kill it, so a score of record wants `--fresh` (every mutant runs
// again). Reports (HTML + JSON) go to reports/mutation/<scope>/, which git ignores. Not part of
// `npm test`: it takes long.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { formatScores, mutationScores, type MutationReport } from './mutation-scores.ts';

interface Scope {
  mutate: string[];
  tests: string[];
}

const notMutated = ['!src/**/*.test.ts', '!src/**/*.test.tsx', '!src/**/*.d.ts', '!src/**/index.ts', '!src/**/*.test-support.ts'];

// Word lists are data: a mutant there blanks one word of a list, and killing it would take a test per
// word that asserts the list against itself. Their effect is tested instead (a stop word ranks no tool,
// a concept synonym ranks the tool it names: discovery/word-lists.test.ts); the logic that uses them
// (concepts.ts, tokenize.ts) stays mutated.
const wordLists = ['!src/core/discovery/stop-words.ts', '!src/core/discovery/concepts-vocabulary.ts'];

export const mutationScopes: Record<string, Scope> = {
  core: { mutate: ['src/core/**/*.ts', ...notMutated, ...wordLists], tests: ['src/core/**/*.test.ts'] },
  'sandbox-host': { mutate: ['src/sandbox/host/**/*.ts', ...notMutated], tests: ['src/sandbox/host/**/*.test.ts'] },
  agent: { mutate: ['src/agent/**/*.ts', ...notMutated], tests: ['src/agent/**/*.test.ts'] },
  // The provider stream parsers: both SSE accumulators, the one SSE reader and the body-form dispatch.
  llm: {
    mutate: [
      'src/llm/openai/openai-stream.ts',
      'src/llm/anthropic/anthropic-stream.ts',
      'src/llm/sse.ts',
      'src/llm/response-body.ts',
      'src/llm/body-form.ts',
    ],
    tests: ['src/llm/**/*.test.ts'],
  },
};

function scopeOfFile(file: string): string {
  const normalized = file.replace(/^\.\//, '');
  const found = Object.entries(mutationScopes).find(([, scope]) =>
    scope.mutate.some(
      (pattern) => !pattern.startsWith('!') && (pattern === normalized || normalized.startsWith(pattern.split('**')[0] ?? '\0')),
    ),
  );
  if (!found) throw new Error(`${file} is in none of the mutated folders (${Object.keys(mutationScopes).join(', ')})`);
  return found[0];
}

interface Plan {
  runs: { name: string; mutate: string[]; report: string }[];
  fast: boolean;
  fresh: boolean;
}

function parseArguments(argv: readonly string[]): Plan {
  const files: string[] = [];
  const scopes: string[] = [];
  let fast = false;
  let fresh = false;
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = argv[index + 1];
    if (flag === '--fast') fast = true;
    else if (flag === '--fresh') fresh = true;
    else if ((flag === '--mutate' || flag === '--scope') && value !== undefined) {
      (flag === '--mutate' ? files : scopes).push(...value.split(','));
      index++;
    } else
      throw new Error(`Unknown argument ${flag}. Use --scope <${Object.keys(mutationScopes).join('|')}>, --mutate <file>, --fast, --fresh`);
  }
  if (files.length > 0) {
    const scope = scopeOfFile(files[0] ?? '');
    const name = files.length === 1 ? (files[0]?.split('/').pop() ?? 'file') : 'files';
    return { fast, fresh, runs: [{ name: scope, mutate: files, report: `reports/mutation/file-${name.replace(/\.ts$/, '')}` }] };
  }
  const chosen = scopes.length > 0 ? scopes : Object.keys(mutationScopes);
  for (const scope of chosen) if (!mutationScopes[scope]) throw new Error(`Unknown scope ${scope}`);
  return {
    fast,
    fresh,
    runs: chosen.map((name) => ({
      name,
      mutate: mutationScopes[name]?.mutate ?? [],
      report: `reports/mutation/${name}${fast ? '-fast' : ''}`,
    })),
  };
}

function main(): void {
  const { runs, fast, fresh } = parseArguments(process.argv.slice(2));
  let failed = false;
  for (const run of runs) {
    const scope = mutationScopes[run.name] as Scope;
    const started = Date.now();
    console.log(`\n== mutation: ${run.name} (${run.mutate.filter((pattern) => !pattern.startsWith('!')).join(', ')})`);
    const env = {
      ...process.env,
      MUTATION_MUTATE: run.mutate.join(','),
      MUTATION_TESTS: scope.tests.join(','),
      MUTATION_REPORT: run.report,
      MUTATION_IGNORE_STATIC: fast ? '1' : '0',
    };
    // Shares the machine politely: the run takes minutes and other work goes on beside it.
    const result = spawnSync('nice', ['-n', '10', 'npx', 'stryker', 'run', ...(fresh ? ['--force'] : [])], { stdio: 'inherit', env });
    failed ||= result.status !== 0;
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const reportFile = `${run.report}/mutation.json`;
    if (existsSync(reportFile)) {
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as MutationReport;
      const leftOut = run.mutate.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
      console.log(`\n${run.name}: ${minutes} min; report ${run.report}/index.html\n${formatScores(mutationScores(report, leftOut))}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main();
