import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each test builds its own executor, and each tool is its own module: sharing the module graph between
    // test files halves the run. A call expected to time out runs in a worker thread anyway.
    isolate: false,
  },
});
