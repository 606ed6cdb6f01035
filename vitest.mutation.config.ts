// The Vitest setup StrykerJS runs (`npm run mutation`): the normal one, narrowed to the unit tests of the
// folder being mutated, so a mutant counts as killed only by that folder's own tests (scripts/mutation.ts
// passes them in MUTATION_TESTS).
import { defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const include = (process.env.MUTATION_TESTS ?? 'src/core/**/*.test.ts').split(',');

// Replaced, not merged: mergeConfig would append to the normal include list. Instrumented code on a
// shared machine runs several times slower, so tests get more time than the default 5 s. Stryker starts
// the covering test files once per mutant; without isolation they share one module graph (zod is loaded
// once, not per file), which roughly halves the run. Every folder's tests pass this way (checked).
export default defineConfig((env) => {
  const base = viteConfig(env);
  return { ...base, test: { ...base.test, include, testTimeout: 30_000, isolate: false } };
});
