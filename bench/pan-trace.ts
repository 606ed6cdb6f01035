// Records a Chrome trace of the page while the bench drags the chart of a huge run, and prints where the
// main thread's time went per frame. `npx tsx bench/pan-trace.ts [calls] [frames]`, with BENCH_OUT_DIR.
import { writeFileSync } from 'node:fs';
import { newBenchContext, releaseSoon } from './browser-session.ts';

const calls = Number(process.argv[2] ?? 100_000);
const frames = Number(process.argv[3] ?? 300);

async function main(): Promise<void> {
  const { context, url } = await newBenchContext();
  const page = await context.newPage();
  await page.goto(`${url}?bench`);
  await page.waitForFunction(() => window.__toolscopeBench !== undefined);
  const separator = page.getByRole('separator').last();
  const box = await separator.boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, 300, { steps: 5 });
    await page.mouse.up();
  }
  await page.evaluate((count) => window.__toolscopeBench!.render(count), calls);
  for (let step = 0; step < 6; step++) await page.getByRole('button', { name: 'Zoom in' }).click();
  // Warm up as the bench's calibration does, then trace.
  await page.evaluate(() => window.__toolscopeBench!.pan(60, 12));
  const session = await context.newCDPSession(page);
  const events: Record<string, unknown>[] = [];
  session.on('Tracing.dataCollected', (data: { value: Record<string, unknown>[] }) => events.push(...data.value));
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'v8', 'v8.execute', 'blink', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.gc', 'disabled-by-default-v8.cpu_profiler'],
    },
  } as never);
  const result = await page.evaluate((count) => window.__toolscopeBench!.pan(count, 12), frames);
  await session.send('Tracing.end');
  await done;
  writeFileSync(process.env.TRACE_OUT ?? '/tmp/pan/trace.json', JSON.stringify({ traceEvents: events }));
  const sorted = [...result.intervals].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.floor(sorted.length * fraction)]?.toFixed(2);
  process.stdout.write(`${calls} calls: median ${at(0.5)} p95 ${at(0.95)} max ${at(0.999)}; draws median ${[...result.drawTimes].sort((a, b) => a - b)[Math.floor(result.drawTimes.length / 2)]?.toFixed(2)}\n`);
  process.stdout.write(`intervals: ${result.intervals.map((value) => value.toFixed(1)).join(' ')}\n`);
  await context.close();
  releaseSoon();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
