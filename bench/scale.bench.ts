// How the app's cost grows with the work (issue 30's second table), in headless Chromium against the
// production build, sizes small and large in one run: a turn of many 100 ms calls at concurrency 8
// (wall time against the ideal N·100/8, the longest frame gap), a conversation of 100 turns (a late
// turn against an early one), and the Runs tab with many kept runs (open, filter, clear).
import type { Page } from '@playwright/test';
import { sampleTools } from '../src/samples/index.ts';
import { browserCpuSeconds, newBenchContext, releaseSoon } from './browser-session.ts';
import { appSettled, seedKeptRuns, timeToFrame } from './kept-runs.ts';
import { median, type Figure, type Suite } from './measure.ts';
import { countMainThread, describeMainThread, type MainThreadTime } from './main-thread.ts';
import { finishWatch, startWatch, type RunWatch } from './scale-watch.ts';
import { measureWorkerFloor } from './worker-floor.ts';
import { callMs, conversationScenarioName, fanOutScenarioName, scaleConcurrency, scaleWorkspaceStorage } from './scale-workspace.ts';

const fanOutSizes = [100, 1000] as const;
const fanOutTargets: Record<number, { ratio: number; gapMs: number }> = {
  100: { ratio: 1.3, gapMs: 50 },
  1000: { ratio: 1.3, gapMs: 100 },
};
const keptRunSizes = [50, 500] as const;
const suite = 'scale';

/** A fresh context (its own storage) with the scale workspace, once every sample tool has compiled. */
async function openApp(): Promise<Page> {
  const { context, url } = await newBenchContext({ storage: scaleWorkspaceStorage(fanOutSizes) });
  const page = await context.newPage();
  await page.goto(url);
  await waitForTools(page);
  return page;
}

async function waitForTools(page: Page): Promise<void> {
  const valid = page.getByRole('region', { name: 'Tools' }).getByRole('img', { name: 'valid' });
  const deadline = Date.now() + 120_000;
  while ((await valid.count()) < sampleTools.length) {
    if (Date.now() > deadline) throw new Error('the sample tools did not all compile within two minutes');
    await page.waitForTimeout(250);
  }
}

interface PlayedRun extends RunWatch {
  mainThread: MainThreadTime;
  /** CPU seconds of every browser process (page, sandbox frame, workers, GPU) during the run. */
  browserCpuSeconds: number;
}

async function playScenario(page: Page, name: string, timeoutMs: number): Promise<PlayedRun> {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('combobox', { name: 'Scenario' }).selectOption({ label: name });
  // As for the Runs rows: a person runs the scenario once the app has loaded and the scenario they picked
  // is shown. Without this, the editor's chunk, Monaco's workers and the picked scenario's JSON editor
  // starting in the background were timed as part of the turn (100 calls: 6.6 s against 4.3 s from an
  // idle page, quiet machine, same build).
  await appSettled(page);
  await startWatch(page);
  const mainThread = await countMainThread(page);
  const cpuBefore = browserCpuSeconds();
  await conversation.getByRole('button', { name: 'Run scenario' }).click();
  const watch = await finishWatch(page, timeoutMs);
  return { ...watch, mainThread: await mainThread(), browserCpuSeconds: browserCpuSeconds() - cpuBefore };
}

function describeCpu(run: PlayedRun): string {
  return `browser CPU ${run.browserCpuSeconds.toFixed(1)} s; ${describeMainThread(run.mainThread)}`;
}

async function fanOutFigures(calls: number): Promise<Figure[]> {
  const idealMs = (calls * callMs) / scaleConcurrency;
  const page = await openApp();
  const watch = await playScenario(page, fanOutScenarioName(calls), idealMs * 40 + 60_000);
  await page.context().close();
  // After the app's run, so that nothing of the floor's (its workers' teardown) is timed in the app's.
  const floor = await measureWorkerFloor(calls);
  const wallMs = watch.endedAt - watch.clickedAt;
  const perCall = (seconds: number) => `${((seconds * 1000) / calls).toFixed(1)} ms of CPU a call`;
  const floorDetail = `floor (a fresh worker per call and nothing else, same browser): ${(floor.wallMs / idealMs).toFixed(2)}x, ${perCall(floor.cpuSeconds)}; the app ${perCall(watch.browserCpuSeconds)}`;
  const target = fanOutTargets[calls] as { ratio: number; gapMs: number };
  const size = `${calls.toLocaleString('en')} calls of ${callMs} ms at ${scaleConcurrency}`;
  return [
    {
      suite,
      name: `one turn, ${size}: wall / ideal`,
      value: wallMs / idealMs,
      unit: 'x',
      target: target.ratio,
      detail: `${(wallMs / 1000).toFixed(2)} s vs ${(idealMs / 1000).toFixed(2)} s; ${floorDetail}; ${describeCpu(watch)}`,
    },
    {
      suite,
      name: `one turn, ${size}: longest frame gap`,
      value: watch.longestFrameGapMs,
      unit: 'ms',
      target: target.gapMs,
      detail: `${watch.framesOver50Ms} frames > 50 ms, ${watch.framesOver100Ms} > 100 ms; ${watch.longestFrameGapAfterMs.toFixed(0)} ms in the second after`,
    },
  ];
}

async function conversationFigures(): Promise<Figure[]> {
  const page = await openApp();
  const watch = await playScenario(page, conversationScenarioName, 600_000);
  await page.context().close();
  const turns = watch.turnsAt.slice(1).map((at, index) => at - (watch.turnsAt[index] as number));
  const early = median(turns.slice(1, 11));
  const late = median(turns.slice(-11, -1));
  return [
    {
      suite,
      name: `conversation of ${watch.turnsAt.length} turns (2 calls each): late turn / early turn`,
      value: late / early,
      unit: 'x',
      target: 1.2,
      detail: `median of turns 2-11 ${early.toFixed(0)} ms, of the last ten but one ${late.toFixed(0)} ms; longest frame gap ${watch.longestFrameGapMs.toFixed(0)} ms; ${describeCpu(watch)}`,
    },
  ];
}

async function keptRunsFigures(count: number): Promise<Figure[]> {
  const page = await openApp();
  await seedKeptRuns(page, count);
  await waitForTools(page);
  const runsTab = { click: '[role="tab"][id$="-tab-runs"]' };
  const timelineTab = { click: '[role="tab"][id$="-tab-timeline"]' };
  const all = { selector: '.runs-count', text: `${count} kept runs` };
  // The tabs come with the panels, a moment after the tool list (the shell paints first). A person opens
  // the tab once the app has loaded, so the editor's chunk compiling in the background is not counted.
  await page.waitForSelector(runsTab.click);
  await appSettled(page);
  const opens: number[] = [];
  const filters: number[] = [];
  const clears: number[] = [];
  for (let round = 0; round < 7; round++) {
    opens.push(await timeToFrame(page, runsTab, all));
    const scenarios = Math.ceil(count / 4);
    filters.push(
      await timeToFrame(
        page,
        { select: 'select[aria-label="Kind"]', value: 'scenario' },
        { selector: '.runs-count', text: `${scenarios} of ${count} kept runs` },
      ),
    );
    clears.push(await timeToFrame(page, { select: 'select[aria-label="Kind"]', value: 'all' }, all));
    await timeToFrame(page, timelineTab, { selector: '[role="tab"][id$="-tab-timeline"]', text: 'Timeline' });
  }
  await page.context().close();
  // The first open is the tab's first render in this page (its components compiled, its styles matched): shown apart.
  const detail = `median of 7 (first open ${(opens[0] ?? 0).toFixed(0)} ms); filter to a quarter ${median(filters).toFixed(0)} ms`;
  return [
    { suite, name: `Runs tab with ${count} kept runs: open`, value: median(opens), unit: 'ms', target: 50, detail },
    { suite, name: `Runs tab with ${count} kept runs: clear a filter`, value: median(clears), unit: 'ms', target: 50, detail },
  ];
}

export const scaleSuite: Suite = {
  name: suite,
  comparisons: [],
  async figures() {
    const figures: Figure[] = [];
    const measures: [string, () => Promise<Figure[]>][] = [
      ...fanOutSizes.map((calls): [string, () => Promise<Figure[]>] => [`one turn of ${calls} calls`, () => fanOutFigures(calls)]),
      ['a conversation of many turns', conversationFigures],
      ...keptRunSizes.map((count): [string, () => Promise<Figure[]>] => [`Runs with ${count} kept runs`, () => keptRunsFigures(count)]),
    ];
    // SCALE_ONLY=calls (or turns, kept) measures only the rows whose name holds that word.
    const only = process.env.SCALE_ONLY;
    for (const [name, measureFigures] of measures) {
      if (only && !name.includes(only)) continue;
      process.stdout.write(`measuring scale / ${name}...\n`);
      try {
        const measured = await measureFigures();
        for (const figure of measured) process.stdout.write(`  ${figure.name}: ${figure.value.toFixed(2)} (${figure.detail ?? ''})\n`);
        figures.push(...measured);
      } catch (error) {
        // One size that fails (a timeout on a starved machine) must not lose the others' figures.
        process.stdout.write(`  failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
        figures.push({ suite, name, value: Number.NaN, unit: 'ms', target: 0, detail: 'failed, see above' });
      }
    }
    releaseSoon();
    return figures;
  },
};
