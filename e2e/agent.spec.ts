import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';

const fixture = (name: string) => readFileSync(new URL(`../src/llm/openai/__fixtures__/${name}`, import.meta.url), 'utf8');

test('a real-provider adapter against recorded OpenAI responses: parallel tool calls, then a 401 the user can act on', async ({
  page,
  baseURL,
  guards,
}) => {
  guards.expectConsoleError(/status of 401/);
  const errors = JSON.parse(fixture('openai-errors.json')) as Record<
    string,
    { status: number; headers: Record<string, string>; body: string }
  >;
  const requests: {
    authorization: string | undefined;
    body: { messages: { role: string; tool_call_id?: string }[]; tools: unknown[]; stream: boolean };
  }[] = [];
  // Served from the app's own origin, so the "no request leaves the origin" guard still holds.
  await page.route('**/fake-openai/v1/chat/completions', async (route) => {
    requests.push({ authorization: route.request().headers().authorization, body: route.request().postDataJSON() });
    if (requests.length === 1) {
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: fixture('openai-parallel-tools.chunks.txt'),
      });
    } else {
      const recorded = errors['invalid-key-401']!;
      await route.fulfill({ status: recorded.status, headers: recorded.headers, body: recorded.body });
    }
  });

  await page.goto('/');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('combobox', { name: 'Model provider' }).selectOption('openai-compatible');

  await conversation.getByLabel('Model', { exact: true }).fill('gpt-4o-2024-08-06');
  await conversation.getByLabel('Base URL').fill(`${baseURL}/fake-openai/v1`);
  await conversation.getByLabel('API key').fill('sk-test-key');
  await conversation.getByRole('textbox', { name: 'Message' }).fill('Weather in Edinburgh and the AAPL price?');
  await conversation.getByRole('button', { name: 'Send' }).click();

  // The recorded response asked for two tools in parallel; neither exists here, so each comes back as
  // an unknown_tool result the model can read, and the run goes on to the next model call.
  const calls = conversation.getByRole('list', { name: 'Tool calls' });
  // The run starts once the sandbox has compiled every enabled tool.
  await expect(calls).toContainText('GetWeatherArgs', { timeout: 30_000 });
  await expect(calls).toContainText('get_stock_price');
  await expect(calls.getByText('error: unknown_tool')).toHaveCount(2);
  await expect(conversation.getByRole('alert')).toContainText(/key/i);
  await expect(conversation.getByRole('alert')).not.toContainText('sk-test-key');

  expect(requests).toHaveLength(2);
  expect(requests[0]!.authorization).toBe('Bearer sk-test-key');
  expect(requests[0]!.body.stream).toBe(true);
  expect(requests[0]!.body.tools.length).toBeGreaterThan(0);
  // The second request carries exactly one tool message per tool call id of the first answer.
  const toolMessages = requests[1]!.body.messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id);
  expect(toolMessages).toEqual(['call_lQnnsesjFMWMQ5IeWPHzR4th', expect.stringMatching(/^call_/)]);
});

test('a full mock agent run: parallel calls, a validation error fixed on the next turn, a timeout, a final answer', async ({ page }) => {
  const scenario = {
    name: 'Reports and weather',
    turns: [
      {
        text: 'Looking up both cities and starting the report.',
        latencyMs: 100,
        toolCalls: [
          { name: 'get_weather', arguments: { city: 'Paris' } },
          { name: 'get_weather', arguments: { city: 42 } },
          { name: 'slow_report', arguments: { topic: 'Q3', duration_ms: 4000 } },
        ],
      },
      { text: 'Fixing the city.', latencyMs: 100, toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
      { text: 'Paris and Oslo are covered; the report timed out.' },
    ],
  };
  await page.goto('/');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByText('Edit scenario JSON').click();
  // Wait for Monaco to finish loading the model before selecting its text.
  await expect(page.locator('.scenario-editor .view-line').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Scenario editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // One line: Monaco would auto-indent and auto-close brackets across inserted newlines.
  await page.keyboard.insertText(JSON.stringify(scenario));
  await expect(conversation.getByRole('list', { name: 'Scenario problems' })).toHaveCount(0);
  await conversation.getByRole('button', { name: 'Run scenario' }).click();

  const transcript = conversation.getByLabel('Transcript');
  await expect(conversation.getByRole('status').filter({ hasText: 'final answer' })).toBeVisible({ timeout: 40_000 });
  // All three chips in one assertion: a failure then prints what each chip said.
  await expect(transcript.getByRole('list', { name: 'Tool calls' }).first().locator('.call-status')).toHaveText([
    /^success/,
    /^error: invalid_arguments/,
    /^error: timeout/,
  ]);
  // The model read the validation issue, and its next call succeeded.
  await expect(transcript.getByLabel('Result of get_weather sent to the model').nth(1)).toContainText('city');
  await expect(
    transcript
      .getByRole('list', { name: 'Tool calls' })
      .nth(1)
      .getByText(/^success/),
  ).toHaveCount(1);
  // The final answer is derived from the results (issue 27): the timeout is named with its kind, not the scripted text.
  await expect(transcript).toContainText('slow_report for Q3 failed with timeout');
  await expect(conversation.getByRole('status').filter({ hasText: 'final answer' })).toContainText('3 model calls');
});
