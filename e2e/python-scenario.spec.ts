import { test, expect } from './fixtures.ts';
import { conversation, exportedWorkspace, runOutcome } from './lesson-helpers.ts';
import { callsTable, hoverCall, openWithToolsReady, phasesAlong, readCalls, runScenario } from './timeline-helpers.ts';

// Issue 31, as a person does it: pick the sample scenario that mixes Python and TypeScript tools, run it,
// and see both kinds of calls side by side on the timeline. The Python tool is real (Pyodide in the
// sandbox), added for the run only: the person's workspace is the same afterwards.

test(
  'a scenario mixing Python and TypeScript tools runs one batch, drawn on the timeline, and leaves the workspace as it was',
  { tag: '@extended' },
  async ({ page }) => {
    // The first Python tool of a page loads Pyodide and boots interpreters: tens of seconds under load.
    test.setTimeout(300_000);
    await openWithToolsReady(page);
    const before = await exportedWorkspace(page);
    await runScenario(page, 'Python and TypeScript tools in one batch');
    // Before the first turn the run waits for Python (its files, then an interpreter per attempt): the
    // person reads what it waits for, and Stop stays enabled meanwhile.
    const preparing = page
      .getByRole('status')
      .filter({ hasText: /Loading Python for rate_limited…|Starting Python interpreters for rate_limited's calls…/ });
    await expect(preparing).toBeVisible({ timeout: 60_000 });
    await expect(conversation(page).getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(page.getByText(/For this run only, the lesson sets up: the Python sample rate_limited is added/)).toBeVisible({
      timeout: 180_000,
    });
    await expect(conversation(page).getByRole('button', { name: 'Run scenario' })).toBeEnabled({ timeout: 120_000 });
    await expect(
      conversation(page)
        .getByRole('status')
        .filter({ hasText: /after \d+ model call/ }),
    ).toBeVisible();

    const outcome = await runOutcome(page);
    expect(outcome.stop).toMatch(/^final answer after 2 model calls/);
    console.log(`[answer] ${outcome.answer}`);
    expect(outcome.calls.sort()).toEqual(
      ['get_weather success', 'get_weather success', 'rate_limited success', 'rate_limited success', 'search_web success'].sort(),
    );
    // The mock model answers from what the tools returned, Python's results included.
    expect(outcome.answer).not.toMatch(/failed with/);

    const calls = await readCalls(page);
    const python = calls.filter((call) => call.tool === 'rate_limited');
    const typescript = calls.filter((call) => call.tool !== 'rate_limited');
    expect(python).toHaveLength(2);
    expect(typescript).toHaveLength(3);
    // Each Python call was told 429 with Retry-After 0.3 s once, and retried after it.
    for (const call of python) expect(call).toMatchObject({ status: 'success', attempts: 2 });
    for (const call of python) expect(call.duration).toBeGreaterThanOrEqual(300);
    // One batch: every Python call ran while a TypeScript call of the same batch did.
    const overlaps = (first: (typeof calls)[number], second: (typeof calls)[number]) =>
      first.start < second.start + second.duration && second.start < first.start + first.duration;
    for (const call of python)
      expect(
        typescript.some((other) => overlaps(call, other)),
        JSON.stringify(calls),
      ).toBe(true);

    // The chart draws the Python call's two attempts with the Retry-After wait between them.
    await expect(callsTable(page).getByRole('button', { name: 'rate_limited' })).toHaveCount(2);
    // The sample has no versions of its own: no "v1" beside its calls, as none beside the TypeScript ones.
    await expect(callsTable(page).getByTitle(/^Served by version/)).toHaveCount(0);
    await expect(preparing).toHaveCount(0);
    const phases = await phasesAlong(page, await hoverCall(page, 'rate_limited'));
    expect(phases).toEqual(expect.arrayContaining(['running', 'backoff wait']));

    // The sample was the run's: the Tools list and the saved workspace are as they were.
    await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'rate_limited', exact: true })).toHaveCount(0);
    expect(await exportedWorkspace(page)).toEqual(before);
  },
);
