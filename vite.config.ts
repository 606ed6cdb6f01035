/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compiledSamples } from './src/session/compile/vite-plugin-compiled-samples.ts';
import { sandboxDevBundles } from './src/sandbox/vite-plugin-sandbox-dev.ts';
import { securityHeaders } from './scripts/security-headers/vite-plugin.ts';
import { projectPackages } from './src/tool-export/project/vite-plugin-project-packages.ts';

/**
 * `vite build --mode e2e` builds the product plus what only tests use: the sandbox test page (which
 * drives the sandbox through a real executor), the start-up figures' baseline page and the timeline's benchmark hook (`?bench`). The
 * plain build, which `npm start` serves, holds the product alone.
 */
export const testBuildMode = 'e2e';

export default defineConfig(({ mode }) => ({
  // sandboxDevBundles serves the sandbox's frame and worker bundles under `vite dev` (the build makes them itself);
  // compiledSamples compiles the sample tools at build time (the build fails if one does not compile);
  // securityHeaders sends the CSP, COOP and sandbox headers (scripts/security-headers/, README "Security headers");
  // projectPackages gives a downloaded project the versions and Node floor of what it imports (src/tool-export/project).
  plugins: [react(), sandboxDevBundles(), compiledSamples(), securityHeaders(), projectPackages()],
  build: {
    target: 'es2022',
    // Monaco's TypeScript worker alone is ~7 MB; it is lazy-loaded, so a large chunk is expected.
    chunkSizeWarningLimit: 8000,
    rollupOptions: {
      // sandbox.html is the null-origin iframe that runs user tools (src/sandbox).
      input: {
        main: 'index.html',
        sandbox: 'sandbox.html',
        ...(mode === testBuildMode
          ? { 'sandbox-test': 'e2e/pages/sandbox-test.html', 'startup-baseline': 'e2e/pages/startup-baseline.html' }
          : {}),
      },
    },
  },
  worker: {
    format: 'es',
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The fixed files of a downloaded project: its own tests, run inside an unzipped project (src/tool-export/project).
    // *.install.test.ts installs a downloaded project from the registry (minutes): `npm run test:export-projects`.
    exclude: ['**/node_modules/**', 'src/tool-export/project/template/**', '**/*.install.test.ts'],
    environment: 'node',
    // Test files share one module graph per worker instead of re-importing zod, React and jsdom for each
    // file: the unit run takes about half the time (68 s → 37 s on the shared 2-core machine). So a test
    // that changes module-level state (globals, stubs, fake timers) must put it back in its own afterEach.
    isolate: false,
  },
}));
