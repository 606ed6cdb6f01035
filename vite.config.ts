/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    // Monaco's TypeScript worker alone is ~7 MB; it is lazy-loaded, so a large chunk is expected.
    chunkSizeWarningLimit: 8000,
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
    environment: 'node',
  },
});
