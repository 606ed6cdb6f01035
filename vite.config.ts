/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { sandboxDevBundles } from './src/sandbox/vite-plugin-sandbox-dev.ts';

export default defineConfig({
  // sandboxDevBundles serves the sandbox's frame and worker bundles under `vite dev` (the build makes them itself).
  plugins: [react(), sandboxDevBundles()],
  build: {
    target: 'es2022',
    // Monaco's TypeScript worker alone is ~7 MB; it is lazy-loaded, so a large chunk is expected.
    chunkSizeWarningLimit: 8000,
    rollupOptions: {
      // sandbox.html is the null-origin iframe that runs user tools (src/sandbox); the test page drives
      // the sandbox through a real executor in e2e, so it must be part of the normal build.
      input: {
        main: 'index.html',
        sandbox: 'sandbox.html',
        'sandbox-test': 'e2e/pages/sandbox-test.html',
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
    exclude: ['**/node_modules/**', 'src/tool-export/project/template/**'],
    environment: 'node',
  },
});
