import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from './cosine.ts';
import { LexicalEmbedder } from './lexical-embedder.ts';

const corpus = ['get weather for a city', 'search the web for pages', 'send an email to a recipient'];

describe('LexicalEmbedder', () => {
  it('gives unit vectors over the fitted vocabulary, the same for the same input', () => {
    const embedder = new LexicalEmbedder({ conceptGroups: [] });
    embedder.fit(corpus);
    const [first, again] = embedder.embed(['weather in a city', 'weather in a city']);
    expect(first).toEqual(again);
    expect(Math.hypot(...(first ?? []))).toBeCloseTo(1, 12);
  });

  it('does not depend on the order of the corpus', () => {
    const forward = new LexicalEmbedder();
    const backward = new LexicalEmbedder();
    forward.fit(corpus);
    backward.fit([...corpus].reverse());
    expect(forward.embed(['email the city'])).toEqual(backward.embed(['email the city']));
  });

  it('weighs a word found in one text more than a word found in all of them', () => {
    const embedder = new LexicalEmbedder({ conceptGroups: [] });
    embedder.fit(['alpha common', 'beta common', 'gamma common']);
    const [vector] = embedder.embed(['alpha common']);
    const [alpha, common] = embedder.embed(['alpha', 'common']).map((unit) => cosineSimilarity(vector ?? [], unit));
    expect(alpha).toBeGreaterThan(common ?? 1);
  });

  it('gives a zero vector for text with no known word, and before any fit', () => {
    const embedder = new LexicalEmbedder();
    expect(embedder.embed(['weather'])).toEqual([[]]);
    embedder.fit(corpus);
    expect(embedder.embed(['zzz qqq'])[0]?.every((value) => value === 0)).toBe(true);
  });
});

describe('cosineSimilarity', () => {
  it('is 1 for parallel vectors, 0 for orthogonal or zero ones', () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 3])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });
});
