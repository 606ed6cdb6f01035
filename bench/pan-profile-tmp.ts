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
  await page.waitForTimeout(4000);
  await page.evaluate(() => window.__toolscopeBench!.pan(60, 12));
  const session = await context.newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  const result = await page.evaluate((count) => window.__toolscopeBench!.pan(count, 12), frames);
  const { profile } = await session.send('Profiler.stop');
  writeFileSync(process.env.PROFILE_OUT ?? '/tmp/pan/profile.cpuprofile', JSON.stringify(profile));
  const sorted = [...result.intervals].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.floor(sorted.length * fraction)]?.toFixed(2);
  process.stdout.write(`${calls} calls: median ${at(0.5)} p95 ${at(0.95)}\n`);
  await context.close();
  releaseSoon();
}
main().catch((error: unknown) => { console.error(error); process.exitCode = 1; });
