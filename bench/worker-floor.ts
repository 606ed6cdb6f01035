// The floor under the scale rows: the same fan-out (N calls of five 20 ms waits and a message each, at
// concurrency 8) with a fresh dedicated worker per call and nothing else: no app, no executor, no UI, no
// harness, no sandbox iframe, a trivial script, and eight workers started ahead at all times. The app
// keeps that isolation (a call runs in a worker nobody used before, terminated when it ends), so its
// wall time cannot go below this one's, measured in the same browser in the same run.
import { browserCpuSeconds, newBenchContext } from './browser-session.ts';
import { callMs, scaleConcurrency } from './scale-workspace.ts';

export interface WorkerFloor {
  wallMs: number;
  /** CPU seconds of every browser process during the fan-out. */
  cpuSeconds: number;
}

export async function measureWorkerFloor(calls: number): Promise<WorkerFloor> {
  const { context } = await newBenchContext();
  const page = await context.newPage();
  await page.setContent('<title>worker floor</title>');
  const cpuBefore = browserCpuSeconds();
  const wallMs = await page.evaluate(
    async ({ calls, concurrency, sectionMs }) => {
      const source = `onmessage = async () => {
        for (let section = 0; section < 5; section++) {
          await new Promise((resolve) => setTimeout(resolve, ${sectionMs}));
          postMessage({ log: section });
        }
        postMessage({ done: true });
      };`;
      const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      const ahead: Worker[] = Array.from({ length: concurrency }, () => new Worker(url));
      let started = 0;
      const call = () =>
        new Promise<void>((resolve) => {
          const worker = ahead.shift() ?? new Worker(url);
          ahead.push(new Worker(url));
          worker.onmessage = (event: MessageEvent<{ done?: boolean }>) => {
            if (!event.data.done) return;
            worker.terminate();
            resolve();
          };
          worker.postMessage('go');
        });
      const lane = async () => {
        while (started < calls) {
          started++;
          await call();
        }
      };
      const startedAt = performance.now();
      await Promise.all(Array.from({ length: concurrency }, lane));
      const wall = performance.now() - startedAt;
      for (const worker of ahead) worker.terminate();
      URL.revokeObjectURL(url);
      return wall;
    },
    { calls, concurrency: scaleConcurrency, sectionMs: callMs / 5 },
  );
  const cpuSeconds = browserCpuSeconds() - cpuBefore;
  await context.close();
  return { wallMs, cpuSeconds };
}
