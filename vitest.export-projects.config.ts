// The Vitest setup of `npm run test:export-projects`: the normal one, narrowed to the check that installs
// each flavour of the downloaded project from the registry and runs it (src/tool-export/project/
// downloaded-project.install.test.ts), and the FastMCP export served by pip's fastmcp (src/tool-export/python/
// fastmcp-server.install.test.ts, also `npm run test:export-fastmcp`). Minutes, not seconds, so not part of `npm test`.
import { defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) => {
  const base = viteConfig(env);
  // One flavour after another: each runs npm install, tsc and vitest on a shared 2-core machine.
  return {
    ...base,
    test: {
      ...base.test,
      include: ['src/tool-export/project/*.install.test.ts', 'src/tool-export/python/*.install.test.ts'],
      exclude: ['**/node_modules/**'],
      fileParallelism: false,
    },
  };
});
