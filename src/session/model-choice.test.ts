import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealClock } from '../core/index.ts';
import type { LanguageModel } from '../llm/index.ts';
import { fakeFetch } from '../llm/fake-fetch.test-support.ts';
import { chooseModel } from './model-choice.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }] });

async function sentBody(stream: boolean): Promise<unknown> {
  const { fetch, requests } = fakeFetch([{ headers: { 'content-type': 'application/json' }, body: answer }]);
  vi.stubGlobal('fetch', fetch);
  const model = chooseModel({
    provider: { kind: 'ollama', model: 'llama3.1', baseUrl: '', stream },
    clock: new RealClock(),
    scenarioSource: null,
  }) as LanguageModel;
  const result = await model.generate({ messages: [{ role: 'user', content: 'hi' }], tools: [], onDelta: () => undefined });
  expect(result.content).toBe('hi');
  return requests[0]?.body;
}

describe('chooseModel', () => {
  it('asks the provider to stream only when the workspace says so (issue 12)', async () => {
    expect(await sentBody(true)).toMatchObject({ stream: true });
    expect(await sentBody(false)).not.toHaveProperty('stream');
  });
});
