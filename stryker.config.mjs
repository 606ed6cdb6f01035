// StrykerJS for `npm run mutation` (scripts/mutation.ts sets the scope through the environment):
// MUTATION_MUTATE is the files to mutate, MUTATION_REPORT the folder for its reports. Kept out of
// `npm test`: a folder takes minutes to an hour on two cores.
const report = process.env.MUTATION_REPORT ?? 'reports/mutation/all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: (process.env.MUTATION_MUTATE ?? 'src/core/**/*.ts').split(','),
  coverageAnalysis: 'perTest',
  // Static mutants (module-level values) need every test file reloaded per mutant: about half the run
  // time for a tenth of the mutants. `--fast` skips them while iterating; the scores of record include them.
  ignoreStatic: process.env.MUTATION_IGNORE_STATIC === '1',
  // Shared 2-core machine: one test process at a time, and generous timeouts for a loaded box.
  concurrency: 1,
  timeoutMS: 10_000,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `${report}/index.html` },
  jsonReporter: { fileName: `${report}/mutation.json` },
  incremental: true,
  incrementalFile: `${report}/stryker-incremental.json`,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  clearTextReporter: { allowColor: false, logTests: false },
};
