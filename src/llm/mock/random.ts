// Seeded randomness for the mock models: the same seed gives the same ids and latencies, so a run can
// be replayed exactly and a test can assert on it.

/** mulberry32: tiny, fast, good enough for ids and jitter (not for anything secret). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like OpenAI's (`call_` + 24 characters), drawn from `random`. */
export function toolCallId(random: () => number): string {
  let id = 'call_';
  for (let index = 0; index < 24; index++) id += idAlphabet[Math.floor(random() * idAlphabet.length)];
  return id;
}
