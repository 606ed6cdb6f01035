import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyFailure, retryAfterFrom } from '../core/index.ts';
import { calculator } from './tools/calculator.ts';
import { cpuHog } from './tools/cpu-hog.ts';
import { flakyApi } from './tools/flaky-api.ts';
import { getWeather } from './tools/get-weather.ts';
import { lookupUser } from './tools/lookup-user.ts';
import { rateLimitedApi } from './tools/rate-limited-api.ts';
import { searchWeb } from './tools/search-web.ts';
import { sendEmail } from './tools/send-email.ts';
import { slowReport } from './tools/slow-report.ts';
import { stubbornTask } from './tools/stubborn-task.ts';
import type { SampleTool } from './sample-types.ts';
import { fakeContext, jsonResponse, loadExecute, loadSchema, type FakeContext } from './evaluate-sample.test-support.ts';
import { runInWorkerThread } from './run-in-worker-thread.test-support.ts';

// Issue 9: each sample has an honest implementation. These run the samples' own sources (transpiled
// as the sandbox does) with a fake ctx, and check what each is there to teach.

/** Validates like the executor (defaults applied), then runs the sample's code. */
async function call(sample: SampleTool, args: Record<string, unknown>, ctx: FakeContext = fakeContext()): Promise<unknown> {
  const input = loadSchema(sample).parse(args);
  return loadExecute(sample)(input, ctx);
}

async function failure(work: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('expected the call to throw an Error');
  return outcome as Error & Record<string, unknown>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('get_weather', () => {
  it('answers from mock data, the same way every time', async () => {
    const ctx = fakeContext();
    const paris = await call(getWeather, { city: 'Paris' }, ctx);
    expect(paris).toEqual(await call(getWeather, { city: 'Paris' }));
    expect(paris).toMatchObject({ city: 'Paris', unit: 'celsius', temperature: expect.any(Number), conditions: expect.any(String) });
    expect(ctx.logs).toEqual(['looked up Paris']);
    expect(ctx.fetched).toEqual([]);
  });

  it('converts to fahrenheit', async () => {
    const celsius = (await call(getWeather, { city: 'Oslo' })) as { temperature: number };
    const fahrenheit = (await call(getWeather, { city: 'Oslo', unit: 'fahrenheit' })) as { temperature: number };
    expect(fahrenheit.temperature).toBe(Math.round(celsius.temperature * 1.8 + 32));
  });

  const live = { ...getWeather, codeSource: getWeather.codeSource.replace('const LIVE = false;', 'const LIVE = true;') };

  it('with LIVE on, geocodes then reads the forecast through ctx.fetch', async () => {
    expect(live.codeSource).not.toBe(getWeather.codeSource);
    const ctx = fakeContext({
      respond: (url) =>
        url.includes('geocoding')
          ? jsonResponse({ results: [{ name: 'Lisbon', country: 'Portugal', latitude: 38.7, longitude: -9.1 }] })
          : jsonResponse({ current: { temperature_2m: 21.6, relative_humidity_2m: 64, weather_code: 2 } }),
    });
    expect(await call(live, { city: 'Lisbon' }, ctx)).toEqual({
      city: 'Lisbon',
      temperature: 22,
      unit: 'celsius',
      conditions: 'partly cloudy',
      humidity: 64,
    });
    expect(ctx.fetched).toEqual([
      'https://geocoding-api.open-meteo.com/v1/search?count=1&name=Lisbon',
      'https://api.open-meteo.com/v1/forecast?latitude=38.7&longitude=-9.1&current=temperature_2m,relative_humidity_2m,weather_code&temperature_unit=celsius',
    ]);
  });

  it('with LIVE on, keeps the HTTP status on the error so a 503 is retried and a 404 is not', async () => {
    const unavailable = await failure(call(live, { city: 'Lisbon' }, fakeContext({ respond: () => jsonResponse({}, 503) })));
    expect(unavailable.status).toBe(503);
    expect(classifyFailure('execution_error', unavailable).transient).toBe(true);
    const unknownCity = await failure(call(live, { city: 'Atlantis' }, fakeContext({ respond: () => jsonResponse({}) })));
    expect(unknownCity.message).toContain('No city called "Atlantis"');
    expect(classifyFailure('execution_error', unknownCity).transient).toBe(false);
  });
});

describe('search_web', () => {
  it('ranks the mock index by the query words and honours max_results', async () => {
    const found = (await call(searchWeb, { query: 'things to do in Paris this weekend', max_results: 1 })) as {
      results: { url: string }[];
    };
    expect(found.results).toEqual([expect.objectContaining({ url: 'https://www.parisinfo.example/weekend' })]);
  });

  it('still gives plausible results for a query that matches nothing', async () => {
    const found = (await call(searchWeb, { query: 'zyzzyva' })) as { results: { title: string }[] };
    expect(found.results.map((result) => result.title)).toEqual(['zyzzyva - Wikipedia', 'zyzzyva: latest news']);
  });
});

describe('calculator', () => {
  it.each([
    ['(2 + 3) * 4 ^ 2 / 10', 8],
    ['-2 ^ 2', -4],
    ['2 ^ 3 ^ 2', 512],
    ['2 ^ -1', 0.5],
    ['0.1 + 0.2', 0.3],
    ['.5 * 4 - 1', 1],
    ['7 % 3 + 10 - 2 - 3', 6],
    ['--3', 3],
  ])('%s = %d', async (expression, result) => {
    expect(await call(calculator, { expression })).toEqual({ expression, result });
  });

  it.each([
    ['1 / 0', 'Division by zero'],
    ['2 +', 'The expression ends too early'],
    ['(1 + 2', 'Missing ")"'],
    ['1 2', 'Unexpected "2"'],
    ['alert(1)', 'Unexpected "a"'],
    ['constructor.constructor("return process")()', 'Unexpected "c"'],
    ['10 ^ 400', 'too large'],
  ])('rejects %s without evaluating it as code', async (expression, message) => {
    const error = await failure(call(calculator, { expression }));
    expect(error.message).toContain(message);
    expect(classifyFailure('execution_error', error).transient).toBe(false);
  });
});

describe('slow_report', () => {
  it('takes duration_ms in ctx.sleep steps and reports when it ran', async () => {
    const ctx = fakeContext();
    const report = await call(slowReport, { topic: 'Q3 sales', duration_ms: 1000 }, ctx);
    expect(ctx.sleeps.reduce((sum, milliseconds) => sum + milliseconds, 0)).toBe(1000);
    expect(report).toMatchObject({
      topic: 'Q3 sales',
      sections: expect.arrayContaining(['Summary: Q3 sales']),
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
  });

  it('stops at the next step once the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('timed out', 'TimeoutError'));
    const ctx = fakeContext({ signal: controller.signal });
    const error = await failure(call(slowReport, { topic: 'Q3 sales', duration_ms: 5000 }, ctx));
    expect(error.name).toBe('TimeoutError');
    expect(ctx.sleeps).toHaveLength(1);
  });
});

describe('stubborn_task', () => {
  it('ignores an aborted signal and finishes after duration_ms anyway', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const controller = new AbortController();
    controller.abort();
    const ctx = fakeContext({ signal: controller.signal });
    let finished = false;
    const running = call(stubbornTask, { job: 'reindex', duration_ms: 3000 }, ctx).then((value) => {
      finished = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await running).toMatchObject({ job: 'reindex' });
    expect(ctx.logs).toEqual(['reindex: started, will take 3000 ms whatever happens', 'reindex: finished']);
  });
});

describe('cpu_hog', () => {
  it('never finishes on its own: only terminating its worker stops it', async () => {
    const run = await runInWorkerThread(cpuHog.codeSource, { analysis: 'churn' }, 600);
    expect(run.settled).toBe(false);
    expect(run.logs[0]).toBe('analysing churn');
  });
});

describe('flaky_api', () => {
  const execute = loadExecute(flakyApi);
  const input = (failure_rate: number, seed: number) => loadSchema(flakyApi).parse({ item_id: 'sku-1042', failure_rate, seed });

  it('fails attempts 1 and 2 with a transient 503 and succeeds on attempt 3 (seed 6, rate 0.5)', async () => {
    for (const attempt of [1, 2]) {
      const error = await failure(execute(input(0.5, 6), fakeContext({ attempt })));
      expect(error).toMatchObject({ status: 503, message: expect.stringContaining(`attempt ${attempt}`) });
      expect(classifyFailure('execution_error', error)).toEqual({ transient: true, reason: 'status 503' });
    }
    expect(await execute(input(0.5, 6), fakeContext({ attempt: 3 }))).toMatchObject({ item_id: 'sku-1042', attempt: 3 });
  });

  it('decides each attempt from the seed alone, so a run repeats exactly', async () => {
    const outcomes = async () =>
      Promise.all(
        [1, 2, 3, 4, 5].map((attempt) =>
          execute(input(0.5, 12), fakeContext({ attempt })).then(
            () => 'ok',
            () => '503',
          ),
        ),
      );
    expect(await outcomes()).toEqual(await outcomes());
  });

  it('never fails at rate 0 and always fails at rate 1', async () => {
    expect(await execute(input(0, 6), fakeContext())).toMatchObject({ attempt: 1 });
    expect((await failure(execute(input(1, 6), fakeContext({ attempt: 7 })))).status).toBe(503);
  });
});

describe('rate_limited_api', () => {
  const execute = loadExecute(rateLimitedApi);
  const input = (retry_after_seconds: number) =>
    loadSchema(rateLimitedApi).parse({ base: 'EUR', quote: 'USD', limited_attempts: 1, retry_after_seconds });

  it('answers 429 with the Retry-After wait in retryAfterMs, then gets through', async () => {
    const error = await failure(execute(input(2), fakeContext({ attempt: 1 })));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 2000 });
    expect(classifyFailure('execution_error', error).transient).toBe(true);
    expect(retryAfterFrom(error, Date.now())).toBe(2000);
    expect(await execute(input(2), fakeContext({ attempt: 2 }))).toEqual({ base: 'EUR', quote: 'USD', rate: 1.09, attempt: 2 });
  });

  it('asks for a wait the executor will not honour when Retry-After is over 60 s', async () => {
    const error = await failure(execute(input(120), fakeContext({ attempt: 1 })));
    expect(error.retryAfterMs).toBe(120_000);
    expect(retryAfterFrom(error, Date.now())).toBeUndefined();
  });

  it('does not mark an unknown currency as retryable', async () => {
    const unknown = loadSchema(rateLimitedApi).parse({ base: 'EUR', quote: 'XYZ', limited_attempts: 0 });
    const error = await failure(execute(unknown, fakeContext()));
    expect(error.message).toContain('Unknown currency');
    expect(classifyFailure('execution_error', error).transient).toBe(false);
  });
});

describe('send_email', () => {
  it('sends and returns a message id named after the idempotency key', async () => {
    const ctx = fakeContext({ toolCallId: 'call_42' });
    const sent = await call(sendEmail, { to: 'ada@example.com', subject: 'Hi', body: 'Hello' }, ctx);
    expect(sent).toEqual({ message_id: '<sample.call.42@mail.toolscope.example>', to: 'ada@example.com', subject: 'Hi', accepted: true });
  });

  it('fails its first attempt to the unreliable domain with a 503 that a retry would get past', async () => {
    const args = { to: 'team@unreliable-mail.example', subject: 'Hi', body: 'Hello' };
    const error = await failure(call(sendEmail, args, fakeContext({ attempt: 1 })));
    expect(error).toMatchObject({ status: 503, message: expect.stringContaining('may or may not have been sent') });
    // Transient by status: only the tool's idempotent: false keeps the executor from retrying it.
    expect(classifyFailure('execution_error', error).transient).toBe(true);
    expect(sendEmail.idempotent).toBe(false);
    expect(await call(sendEmail, args, fakeContext({ attempt: 2 }))).toMatchObject({ accepted: true });
  });

  it('rejects an address that is not one', () => {
    expect(loadSchema(sendEmail).safeParse({ to: 'not an address', subject: 'Hi', body: 'Hello' }).success).toBe(false);
  });
});

describe('lookup_user', () => {
  it('returns the requested fields of a known user', async () => {
    expect(await call(lookupUser, { user_id: 'usr_8f3k2a', fields: ['name', 'plan'] })).toEqual({
      user_id: 'usr_8f3k2a',
      name: 'Ada Lovelace',
      plan: 'pro',
    });
  });

  it('rejects unknown keys, a malformed id and an unknown field, each with its path', () => {
    const parsed = loadSchema(lookupUser).safeParse({ id: 42, user_id: 'ada', fields: ['name', 'phone'] });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })) ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: '', code: 'unrecognized_keys' },
        { path: 'user_id', code: 'invalid_format' },
        { path: 'fields.1', code: 'invalid_value' },
      ]),
    );
  });

  it('says an unknown user is a permanent 404', async () => {
    const error = await failure(call(lookupUser, { user_id: 'usr_000000' }));
    expect(error).toMatchObject({ status: 404, message: 'No user with id "usr_000000"' });
    expect(classifyFailure('execution_error', error).transient).toBe(false);
  });
});
