import { loadavg } from 'node:os';
import { test, expect } from './fixtures.ts';
import { targetLines } from './figure-targets.ts';

// Issue 4's figures, measured on the production build in real Chromium and printed as `[figure]`
// lines (also attached to the report as sandbox-figures.json). Loose bounds only: the point is the
// numbers, the bounds just catch an order-of-magnitude regression.

const schemaSource = `import { z } from 'zod';\n\nexport default z.object({ text: z.string() });\n`;
const echoCode = `export default async function execute(input: { text: string }) {\n  return { echoed: input.text };\n}\n`;
const stampCode = `export default async function execute() {\n  return { at: performance.timeOrigin + performance.now() };\n}\n`;
const fanOutRuns = 20;

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

test('cold start, per call and warm round trip (medians of 50), and the kill latency of an endless loop', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/e2e/pages/sandbox-test.html');
  const poolSize = process.env.SANDBOX_POOL_SIZE ? Number(process.env.SANDBOX_POOL_SIZE) : undefined;
  await page.evaluate((size) => window.sandboxTest.start(size === undefined ? {} : { poolSize: size }), poolSize);
  for (const [name, codeSource, timeoutMs] of [
    ['echo', echoCode, undefined],
    ['spin', 'export default async function execute() {\n  while (true) {}\n}\n', 500],
    ['stamp', stampCode, undefined],
  ] as const) {
    const created = await page.evaluate((options) => window.sandboxTest.addTool(options), {
      name,
      description: name,
      schemaSource,
      codeSource,
      timeoutMs,
    });
    expect(created).toEqual({ ok: true });
  }

  const figures = await page.evaluate(() => window.sandboxTest.figures(50, 'echo'));

  // Fan-out: 10 calls of one tool at limit 10, after a pause as between a model's turns.
  const fanOuts: { startSpreadMs: number; batchMs: number }[] = [];
  for (let run = 0; run < fanOutRuns; run++) {
    await page.waitForTimeout(500);
    fanOuts.push(await page.evaluate(() => window.sandboxTest.fanOut('stamp', 10)));
  }

  const kills: { elapsedMs: number; maxFrameGapMs: number }[] = [];
  for (let run = 0; run < 10; run++) {
    const result = await page.evaluate(() => window.sandboxTest.call('spin', { text: 'x' }));
    expect(result.errorKind).toBe('timeout');
    kills.push({ elapsedMs: result.elapsedMs, maxFrameGapMs: result.maxFrameGapMs });
  }
  const latencies = kills.map((kill) => kill.elapsedMs).sort((a, b) => a - b);
  const gaps = kills.map((kill) => kill.maxFrameGapMs).sort((a, b) => a - b);
  const report = {
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
    ...figures,
    workerStarts: await page.evaluate(() => window.sandboxTest.stats()),
    fanOutRuns,
    fanOutStartSpreadMedianMs: medianOf(fanOuts.map((run) => run.startSpreadMs)),
    fanOutStartSpreadMaxMs: Math.max(...fanOuts.map((run) => run.startSpreadMs)),
    fanOutBatchMedianMs: medianOf(fanOuts.map((run) => run.batchMs)),
    timeoutRuns: kills.length,
    timeoutResultMedianMs: latencies[Math.floor(latencies.length / 2)],
    timeoutResultMaxMs: latencies.at(-1),
    longestFrameGapMedianMs: gaps[Math.floor(gaps.length / 2)],
    longestFrameGapMaxMs: gaps.at(-1),
  };
  console.log(`[figure] ${JSON.stringify(report)}`);
  for (const line of targetLines(report, report.loadAverageAtEnd)) console.log(line);
  await testInfo.attach('sandbox-figures.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });

  // The 750 ms bound of the issue is asserted in sandbox.spec.ts; here other tests may share the CPU.
  expect(report.timeoutResultMedianMs).toBeLessThanOrEqual(750);
  expect(figures.coldStartMedianMs).toBeLessThan(2_000);
  expect(figures.warmRoundTripMedianMs).toBeLessThan(100);
});

const pythonEcho = `from toolscope import tool

@tool
def py_echo(text: str) -> dict:
    """Echoes the text."""
    return {"echoed": text}
`;

const pythonSpin = `from toolscope import tool

@tool
def py_spin() -> str:
    """Never returns, and never awaits."""
    while True:
        pass
`;
const pythonSpinDeadlineMs = 500;
const pythonKillRuns = 10;

test('a warm Python call next to a warm TypeScript call (medians of 20, same run), and an endless Python loop at its deadline', async ({
  page,
}, testInfo) => {
  // Pyodide's files, the wasm's compile and the first boots: tens of seconds on the shared 2-core machine.
  test.setTimeout(240_000);
  await page.goto('/e2e/pages/sandbox-test.html');
  await page.evaluate(() => window.sandboxTest.start());
  const typescript = await page.evaluate((options) => window.sandboxTest.addTool(options), {
    name: 'echo',
    description: 'echo',
    schemaSource,
    codeSource: echoCode,
  });
  expect(typescript).toEqual({ ok: true });
  const python = await page.evaluate((source) => window.sandboxTest.addPythonTool(source), pythonEcho);
  expect(python.ok, JSON.stringify(python)).toBe(true);
  const figures = await page.evaluate(() =>
    window.sandboxTest.warmCallFigures({ name: 'py_echo', args: { text: 'warm' } }, { name: 'echo', args: { text: 'warm' } }, 20),
  );
  // Calls 400 ms apart, faster than interpreters boot: what a call waits for once the pool runs dry.
  const backToBack = await page.evaluate(() => window.sandboxTest.pythonBackToBackFigures('py_echo', { text: 'again' }, 10));
  const spin = await page.evaluate(
    ({ source, timeoutMs }) => window.sandboxTest.addPythonTool(source, { timeoutMs, timeoutStrategy: 'abort-then-kill', killGraceMs: 0 }),
    { source: pythonSpin, timeoutMs: pythonSpinDeadlineMs },
  );
  expect(spin.ok, JSON.stringify(spin)).toBe(true);
  const kills: { resultLateMs: number; maxFrameGapMs: number }[] = [];
  for (let run = 0; run < pythonKillRuns; run++) {
    // Each call has an interpreter waiting, as a call of a warm tool does (a state, not a sleep).
    await page.evaluate(() => window.sandboxTest.pythonReady('py_spin', 1));
    const result = await page.evaluate(() => window.sandboxTest.call('py_spin', {}));
    expect(result.errorKind).toBe('timeout');
    kills.push({ resultLateMs: result.elapsedMs - pythonSpinDeadlineMs, maxFrameGapMs: result.maxFrameGapMs });
  }
  // The loops ended, not only their results: each worker was terminated at its deadline (grace 0).
  expect((await page.evaluate(() => window.sandboxTest.kills('py_spin'))).kills).toHaveLength(pythonKillRuns);
  const report = {
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
    firstPythonToolValidMs: python.ok ? python.compileMs : undefined,
    ...figures,
    pythonCallMedianMs: figures.python.medianMs,
    typescriptCallMedianMs: figures.typescript.medianMs,
    backToBack,
    pythonKillRuns,
    pythonSpinResultLateMedianMs: medianOf(kills.map((kill) => kill.resultLateMs)),
    pythonSpinResultLateMaxMs: Math.max(...kills.map((kill) => kill.resultLateMs)),
    pythonSpinLongestFrameGapMaxMs: Math.max(...kills.map((kill) => kill.maxFrameGapMs)),
  };
  console.log(`[figure] ${JSON.stringify(report)}`);
  for (const line of targetLines(report, report.loadAverageAtEnd)) console.log(line);
  await testInfo.attach('python-call-figures.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });

  // Loose, as above: a boot or a module load back in a warm call's path costs hundreds of ms to seconds.
  expect(figures.python.medianMs).toBeLessThan(Math.max(250, 5 * figures.typescript.medianMs));
});

const coldPythonPages = 5;

test('a cold page → its first Python tool valid (median of 5 fresh browser contexts)', async ({ browser, baseURL }, testInfo) => {
  // A fresh context has its own HTTP and code caches: Pyodide's 12 MB are fetched and the wasm compiled anew.
  test.setTimeout(300_000);
  const readings: number[] = [];
  const gaps: number[] = [];
  for (let page = 0; page < coldPythonPages; page++) {
    const context = await browser.newContext({ baseURL });
    const cold = await context.newPage();
    await cold.goto('/e2e/pages/sandbox-test.html');
    await cold.evaluate(() => window.sandboxTest.start());
    const python = await cold.evaluate((source) => window.sandboxTest.addPythonTool(source, { timeoutMs: 120_000 }), pythonEcho);
    expect(python.ok, JSON.stringify(python)).toBe(true);
    if (python.ok) {
      readings.push(python.compileMs);
      gaps.push(python.maxFrameGapMs);
    }
    await context.close();
  }
  const report = {
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
    coldPythonPages,
    firstPythonToolValidReadingsMs: readings,
    firstPythonToolValidMedianMs: medianOf(readings),
    firstPythonToolValidMaxMs: Math.max(...readings),
    pythonBootLongestFrameGapMaxMs: Math.max(...gaps),
  };
  console.log(`[figure] ${JSON.stringify(report)}`);
  for (const line of targetLines(report, report.loadAverageAtEnd)) console.log(line);
  await testInfo.attach('python-cold-page-figures.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });
});

const pythonStamp = `import time
from toolscope import tool

@tool
def py_stamp(text: str) -> dict:
    """Says when it started."""
    return {"at": time.time() * 1000}
`;
const pythonFanOutRuns = 5;

test('a fan-out of 10 Python calls at limit 4: how soon the first 4 start (medians of 5)', async ({ page }, testInfo) => {
  // Each batch uses up ten interpreters (one per call, ADR 0018); booting them again takes seconds under load.
  test.setTimeout(600_000);
  await page.goto('/e2e/pages/sandbox-test.html');
  await page.evaluate(() => window.sandboxTest.start());
  const python = await page.evaluate((source) => window.sandboxTest.addPythonTool(source, { timeoutMs: 120_000 }), pythonStamp);
  expect(python.ok, JSON.stringify(python)).toBe(true);
  // Valid: the definition is read and one interpreter waits for the tool's first call. The interpreters
  // for a batch at the limit boot after that, one at a time, in the background (ADR 0029).
  const readyForFour = await page.evaluate(() => window.sandboxTest.pythonReadyFigure('py_stamp', 4));
  const idle = await page.evaluate((ms) => window.sandboxTest.idleFrameGap(ms), Math.max(1_000, python.ok ? python.compileMs : 0));
  const first = await page.evaluate(() => window.sandboxTest.pythonFanOut('py_stamp', 10, 4));
  const runs = [];
  for (let run = 0; run < pythonFanOutRuns; run++) {
    // Between a model's turns: the spares the last batch asked for are back (a state, not a sleep).
    await page.evaluate(() => window.sandboxTest.pythonReady('py_stamp', 4));
    runs.push(await page.evaluate(() => window.sandboxTest.pythonFanOut('py_stamp', 10, 4)));
  }
  const starts = runs.map((run) => run.firstStartsMs ?? Number.POSITIVE_INFINITY);
  const report = {
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
    firstPythonToolValidMs: python.ok ? python.compileMs : undefined,
    pythonBootLongestFrameGapMs: python.ok ? python.maxFrameGapMs : undefined,
    pythonBootLongTasks: python.ok ? python.longTasks : undefined,
    pythonSparesLongTasks: readyForFour.longTasks,
    idleLongestFrameGapMs: idle.maxFrameGapMs,
    validToReadyForFourMs: readyForFour.ms,
    pythonSparesLongestFrameGapMs: readyForFour.maxFrameGapMs,
    firstBatch: first,
    pythonFirstBatchFirstFourMs: first.firstStartsMs,
    runs,
    pythonFanOutFirstFourMedianMs: medianOf(starts),
    pythonFanOutFirstFourMaxMs: Math.max(...starts),
    pythonFanOutBatchMedianMs: medianOf(runs.map((run) => run.batchMs)),
  };
  console.log(`[figure] ${JSON.stringify(report)}`);
  for (const line of targetLines(report, report.loadAverageAtEnd)) console.log(line);
  await testInfo.attach('python-fan-out-figures.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });
  expect([first, ...runs].flatMap((run) => run.failures)).toEqual([]);
});
