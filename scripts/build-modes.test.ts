import { describe, expect, it } from 'vitest';
import configure, { testBuildMode } from '../vite.config.ts';

// Issue 16: what `npm start` serves holds only the product; the test pages come with `--mode e2e`.
const inputsFor = (mode: string) => {
  const config = (
    configure as (env: { mode: string; command: 'build' }) => { build: { rollupOptions: { input: Record<string, string> } } }
  )({
    mode,
    command: 'build',
  });
  return Object.values(config.build.rollupOptions.input);
};

describe('build modes', () => {
  it('builds the app and the sandbox only, in the product build', () => {
    expect(inputsFor('production')).toEqual(['index.html', 'sandbox.html']);
  });

  it('adds the sandbox test page in the e2e build', () => {
    expect(inputsFor(testBuildMode)).toContain('e2e/pages/sandbox-test.html');
  });
});
