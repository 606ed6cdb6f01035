import { writeFileSync } from 'node:fs';
import { newBenchContext, releaseSoon } from './browser-session.ts';
const source = `from toolscope import tool

@tool
def py_echo(text: str) -> dict:
    """Echoes the text."""
    return {"echoed": text}
`;
async function main(): Promise<void> {
  const { context, url } = await newBenchContext();
  const page = await context.newPage();
  page.on('console', (message) => { if (message.text().startsWith('[pt]')) process.stdout.write(message.text() + '\n'); });
  await page.goto(`${url}e2e/pages/sandbox-test.html`);
  await page.evaluate(() => window.sandboxTest.start());
  await page.waitForTimeout(1500);
  const session = await context.newCDPSession(page);
  const events: Record<string, unknown>[] = [];
  session.on('Tracing.dataCollected', (data: { value: Record<string, unknown>[] }) => events.push(...data.value));
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'blink', 'toplevel', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.gc', 'loading', 'netlog', 'v8.wasm'] } } as never);
  const result = await page.evaluate((code) => window.sandboxTest.addPythonTool(code), source);
  await session.send('Tracing.end');
  await done;
  writeFileSync(process.env.TRACE_OUT ?? '/tmp/pan/py.json', JSON.stringify({ traceEvents: events }));
  process.stdout.write(JSON.stringify(result).slice(0, 600) + '\n');
  await context.close();
  releaseSoon();
}
main().catch((error: unknown) => { console.error(error); process.exitCode = 1; });
