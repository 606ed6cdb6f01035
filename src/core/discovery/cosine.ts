/**
 * Cosine similarity of two vectors; 0 when either is all zeros (a query with no known word is similar
 * to nothing, not undefined). Vectors of different lengths are compared over the shorter one, so an
 * embedder that was refitted between two calls degrades to a poor score rather than NaN.
 */
export function cosineSimilarity(left: readonly number[], right: readonly number[]): number {
  const length = Math.min(left.length, right.length);
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < length; index++) {
    const a = left[index] as number;
    const b = right[index] as number;
    dot += a * b;
    leftNorm += a * a;
    rightNorm += b * b;
  }
  // An all-zero vector gives 0 / 0 and an overflow Infinity / Infinity: both NaN, both reported as 0.
  const similarity = dot / Math.sqrt(leftNorm * rightNorm);
  return Number.isFinite(similarity) ? similarity : 0;
}
