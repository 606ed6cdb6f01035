// Issue 12: a seeded "monkey" that uses the whole app the way a restless person would (select tools,
// type half-finished code, switch tabs, run calls and scenarios, press Stop, change settings, reload)
// with a watchdog. It fails on a freeze, an uncaught error, a console error (fixtures.ts) or a run that
// never ends. `npm test` runs it for 20 s; `npm run soak` for two minutes. A failure prints its seed:
// SOAK_SEED=<seed> replays the same actions.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { installProbe } from './responsiveness.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 10);
const seed = Number(process.env.SOAK_SEED ?? Date.now() % 100_000);

/** mulberry32: small, seedable, good enough to pick actions. */
function random(seedValue: number) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** What people type mid-thought: fragments that are syntax errors more often than not. */
const fragments = ['const x = (', ';', 'z.', '\n', '// todo', '{', '}', 'input.', 'await ctx.sleep(10)', "'", 'return 1', ')'];

interface Monkey {
  page: Page;
  pick<Item>(items: readonly Item[]): Item;
  chance(probability: number): boolean;
}

/** Clicks `locator`'s first match if it is there and enabled; a missing or disabled control is not a failure. */
async function clickIfEnabled(locator: ReturnType<Page['locator']>) {
  const target = locator.first();
  if ((await target.count()) === 0 || !(await target.isVisible()) || !(await target.isEnabled())) return false;
  try {
    await target.click({ timeout: 5_000 });
    return true;
  } catch (error) {
    // The control went away meanwhile (a run ended and disabled Stop): a race, not a failure.
    if (!(await target.isVisible()) || !(await target.isEnabled())) return false;
    throw error;
  }
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

const actions: Record<string, (monkey: Monkey) => Promise<unknown>> = {
  async selectTool({ page, pick }) {
    const tools = region(page, 'Tools').getByRole('list', { name: 'Tool list' }).getByRole('button');
    const count = await tools.count();
    if (count > 0) await tools.nth(Math.floor(pick([...Array(count).keys()]))).click({ timeout: 5_000 });
  },
  async switchEditorTab({ page, pick }) {
    await clickIfEnabled(region(page, 'Editor').getByRole('tab', { name: pick(['Schema', 'Code', 'Definition', 'Settings', 'Versions']) }));
  },
  async typeInSource({ page, pick, chance }) {
    const tab = pick(['Schema', 'Code'] as const);
    if (!(await clickIfEnabled(region(page, 'Editor').getByRole('tab', { name: tab })))) return;
    const editor = page.getByRole('textbox', { name: `${tab} editor` });
    if ((await editor.count()) === 0) return;
    await editor.focus();
    await page.keyboard.press(chance(0.5) ? 'ControlOrMeta+End' : 'ControlOrMeta+Home');
    if (chance(0.3)) for (let index = 0; index < 3; index++) await page.keyboard.press('Backspace');
    else await page.keyboard.type(pick(fragments), { delay: 15 });
  },
  async typeArguments({ page, pick }) {
    const editor = page.getByRole('textbox', { name: 'Arguments editor' });
    if ((await editor.count()) === 0) return;
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(pick([' ', ',', '"x"', '}', '\n']), { delay: 15 });
  },
  async runCall({ page }) {
    await clickIfEnabled(page.getByRole('button', { name: 'Run call' }));
  },
  async runLastGood({ page }) {
    await clickIfEnabled(page.getByRole('button', { name: 'Run last good version' }));
  },
  async runScenario({ page, pick }) {
    const conversation = region(page, 'Conversation');
    const picker = conversation.getByRole('combobox', { name: 'Scenario' });
    const options = await picker.locator('option').allTextContents();
    if (options.length > 0 && (await picker.isEnabled())) await picker.selectOption({ label: pick(options) });
    await clickIfEnabled(conversation.getByRole('button', { name: 'Run scenario' }));
  },
  async sendMessage({ page, pick }) {
    const conversation = region(page, 'Conversation');
    const message = conversation.getByRole('textbox', { name: 'Message' });
    if (!(await message.isEnabled())) return;
    await message.click();
    await page.keyboard.type(pick(["What's the weather in Oslo?", 'Compute 2+2', 'Search for zod']), { delay: 5 });
    await clickIfEnabled(conversation.getByRole('button', { name: 'Send' }));
  },
  async stop({ page, chance }) {
    if (chance(0.5)) await clickIfEnabled(region(page, 'Conversation').getByRole('button', { name: 'Stop' }));
    else await page.keyboard.press('Escape');
  },
  async changeSetting({ page, pick }) {
    const field = page.getByRole('spinbutton', {
      name: pick(['Concurrency limit', 'Default timeout (ms)', 'Max attempts', 'Max iterations']),
      exact: true,
    });
    if ((await field.count()) === 0) return;
    await field.scrollIntoViewIfNeeded();
    await field.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(pick(['1', '3', '2500.5', '0', '5000', '-1', '10']), { delay: 15 });
  },
  async switchTimelineTab({ page, pick }) {
    await clickIfEnabled(region(page, 'Timeline').getByRole('tab', { name: pick(['Timeline', 'Metrics', 'Compare']) }));
  },
  async checkHealth({ page }) {
    await clickIfEnabled(page.getByRole('button', { name: 'Check health' }));
  },
  async newTool({ page }) {
    const tools = region(page, 'Tools').getByRole('list', { name: 'Tool list' }).getByRole('listitem');
    if ((await tools.count()) < 14) await clickIfEnabled(page.getByRole('button', { name: 'New tool' }));
  },
  async reload({ page }) {
    await page.reload();
    await installProbe(page);
  },
};

/** Relative weights: typing and running are what people do most; reloading is rare. */
const weights: Record<keyof typeof actions, number> = {
  selectTool: 6,
  switchEditorTab: 5,
  typeInSource: 10,
  typeArguments: 4,
  runCall: 5,
  runLastGood: 1,
  runScenario: 5,
  sendMessage: 3,
  stop: 4,
  changeSetting: 3,
  switchTimelineTab: 3,
  checkHealth: 1,
  newTool: 1,
  reload: 1,
};

test('a seeded monkey uses every panel and the app never freezes, throws or leaves a run going', async ({ page }, testInfo) => {
  test.setTimeout((seconds + 120) * 1000);
  testInfo.annotations.push({ type: 'seed', description: String(seed) });
  console.log(`monkey: seed ${seed} for ${seconds} s (replay with SOAK_SEED=${seed})`);
  const next = random(seed);
  const monkey: Monkey = {
    page,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
  const bag = Object.entries(weights).flatMap(([name, weight]) => Array<string>(weight).fill(name));

  await page.goto('/');
  await installProbe(page);
  const done: string[] = [];
  let longestGapMs = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const name = monkey.pick(bag);
    done.push(name);
    try {
      await actions[name]!(monkey);
    } catch (error) {
      throw new Error(`seed ${seed}: action ${done.length} (${name}) failed after ${done.slice(-6).join(' → ')}: ${String(error)}`);
    }
    // The watchdog: the page must answer within 5 s after every action.
    const answered = await Promise.race([
      page.evaluate(() => window.__responsiveness?.longestFrameGapMs ?? 0),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
    ]);
    expect(answered, `seed ${seed}: the page froze after ${done.slice(-6).join(' → ')}`).not.toBeNull();
    longestGapMs = Math.max(longestGapMs, answered ?? 0);
  }

  // Every run ends: whatever was started, Stop is idle again within 30 s (or after one press of Stop).
  const stop = region(page, 'Conversation').getByRole('button', { name: 'Stop' });
  await expect(stop, `seed ${seed}: a conversation run never ended`)
    .toBeDisabled({ timeout: 30_000 })
    .catch(async () => {
      await stop.click();
      await expect(stop).toBeDisabled({ timeout: 10_000 });
    });
  await expect(page.getByRole('button', { name: 'Run call' }), `seed ${seed}: a test call never ended`).toBeEnabled({ timeout: 30_000 });
  console.log(`monkey: ${done.length} actions, longest frame gap ${Math.round(longestGapMs)} ms`);
  testInfo.annotations.push({ type: 'actions', description: `${done.length} actions, longest frame gap ${Math.round(longestGapMs)} ms` });
});
