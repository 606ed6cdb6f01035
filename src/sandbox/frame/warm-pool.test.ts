import { describe, expect, it } from 'vitest';
import { WarmPool, type PoolEnvironment } from './warm-pool.ts';

// The pool against a stand-in environment: workers are event targets that report ready when told.

class StandInWorker extends EventTarget {
  terminated = false;
  constructor(readonly url: string) {
    super();
  }
  ready(): void {
    this.dispatchEvent(new MessageEvent('message', { data: { type: 'worker-ready' } }));
  }
  terminate(): void {
    this.terminated = true;
  }
}

function standInEnvironment() {
  const workers: StandInWorker[] = [];
  const made: string[] = [];
  const revoked: string[] = [];
  const environment: PoolEnvironment = {
    createWorker: (url) => {
      const worker = new StandInWorker(url);
      workers.push(worker);
      return worker as unknown as Worker;
    },
    createUrl: () => {
      const url = `blob:harness/${made.length + 1}`;
      made.push(url);
      return url;
    },
    revokeUrl: (url) => void revoked.push(url),
    soon: (callback) => callback(),
  };
  return { environment, workers, made, revoked };
}

describe('WarmPool', () => {
  it('starts every worker from one URL of the harness, made once', () => {
    const { environment, workers, made } = standInEnvironment();
    const pool = new WarmPool(new Blob(['harness']), 3, environment);
    pool.fill();
    for (let index = 0; index < 3; index++) workers[index]?.ready();
    pool.take();
    pool.take();
    workers.at(-1)?.ready();
    expect(workers.length).toBeGreaterThanOrEqual(5);
    expect(made).toEqual(['blob:harness/1']);
    expect(new Set(workers.map((worker) => worker.url))).toEqual(new Set(['blob:harness/1']));
  });

  it('keeps the URL while the pool lives, and revokes it once disposed', () => {
    const { environment, workers, revoked } = standInEnvironment();
    const pool = new WarmPool(new Blob(['harness']), 2, environment);
    pool.fill();
    workers[0]?.ready();
    workers[1]?.ready();
    pool.take();
    expect(revoked).toEqual([]);
    pool.dispose();
    expect(revoked).toEqual(['blob:harness/1']);
    expect(workers.filter((worker) => !worker.terminated)).toHaveLength(1);
  });

  it('a pool that never started a worker has no URL to revoke', () => {
    const { environment, revoked } = standInEnvironment();
    new WarmPool(new Blob(['harness']), 2, environment).dispose();
    expect(revoked).toEqual([]);
  });
});
