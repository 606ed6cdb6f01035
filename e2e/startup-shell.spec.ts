import { test, expect } from './fixtures.ts';
import { recordMarks } from './startup-marks.ts';

// Issue 30: the shell counts as interactive (e2e/startup-figures.spec.ts) when the app's handlers are on
// "New tool", a tool of the list and the Message box. That must be what a person can do at that moment,
// with nothing else of the app in yet: here the run layer's and the panels' chunks are held back until
// the person has clicked and typed, so whatever answers is the shell alone, exactly as it is at the
// first interactive moment. Then the rest arrives and keeps what the person did.

const heldChunks = /\/assets\/(boot-workbench|workbench-features)-[\w-]+\.js$/;

test('at the first interactive moment, with the rest of the app held back, New tool, a tool and the Message box answer a person', async ({
  page,
}) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(heldChunks, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  await page.addInitScript(recordMarks);
  await page.goto('/');
  await page.waitForFunction(() => window.__startupMarks?.shellInteractiveMs !== null, undefined, { polling: 'raf' });

  const tools = page.getByRole('region', { name: 'Tools' });
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.click();
  await page.keyboard.type('What is 2 + 3?');
  await tools.getByRole('button', { name: 'calculator', exact: true }).click();
  await tools.getByRole('button', { name: 'New tool', exact: true }).click();
  const name = tools.getByRole('textbox', { name: 'New tool name' });
  await expect(name).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('shell_tool');
  await page.keyboard.press('Enter');

  // What the person sees, answered by the shell: the text typed, the tool picked, then the new tool.
  await expect(message).toHaveValue('What is 2 + 3?');
  const list = page.getByRole('list', { name: 'Tool list' });
  await expect(list.getByRole('button', { name: 'shell_tool', exact: true })).toBeVisible();
  // Nothing of the rest had come: its chunks were asked for and are still held, the editor is a placeholder.
  expect(held.length).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Editor' }).getByText('Loading…')).toBeVisible();

  release();
  // The rest arrives and keeps all of it: the draft in the real conversation panel, the new tool selected.
  await expect(page.getByRole('region', { name: 'Editor' }).getByText('Loading…')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('button', { name: 'Send' })).toBeEnabled();
  await expect(message).toHaveValue('What is 2 + 3?');
  await expect(list.getByRole('button', { name: 'shell_tool', exact: true })).toHaveAttribute('aria-current', 'true');
});
