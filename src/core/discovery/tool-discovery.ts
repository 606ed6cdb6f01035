import type { ToolDefinition } from '../tool.ts';
import { cosineSimilarity } from './cosine.ts';
import type { Embedder } from './embedder.ts';
import { toolText } from './tool-text.ts';

/** A tool found for a query; `score` is the cosine similarity, in [-1, 1] (in [0, 1] for the lexical embedder). */
export interface DiscoveryMatch {
  definition: ToolDefinition;
  score: number;
}

export const defaultDiscoveryLimit = 5;

function compareMatches(left: DiscoveryMatch, right: DiscoveryMatch): number {
  if (left.score !== right.score) return right.score - left.score;
  // Ties (often all zeros for a query with no known word) are broken by name, so a run replays exactly.
  if (left.definition.name < right.definition.name) return -1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: V8's sort only asks whether the result is below 0, so 1 and 0 (names equal or after) act alike.
  return left.definition.name > right.definition.name ? 1 : 0;
}

function countOf(limit: number): number {
  if (Number.isNaN(limit)) return defaultDiscoveryLimit;
  return Math.max(0, Math.floor(limit));
}

/**
 * Ranks tool definitions against a query. Tool vectors are cached per corpus (the tools' texts), so they
 * are embedded again, and a corpus-aware embedder refitted, only when a tool is added, removed, hidden
 * by a health check or changes its description or schema.
 */
export class ToolDiscovery {
  private cache: { key: string; vectors: number[][] | Promise<number[][]> } | undefined;

  constructor(readonly embedder: Embedder) {}

  async rank(query: string, definitions: readonly ToolDefinition[], limit = defaultDiscoveryLimit): Promise<DiscoveryMatch[]> {
    const count = countOf(limit);
    if (definitions.length === 0 || count === 0) return [];
    const toolVectors = this.toolVectors(definitions.map(toolText));
    // With a synchronous embedder the query is embedded in the same tick as the fit, so a concurrent
    // discovery over other tools cannot refit the embedder in between.
    // A model can send anything as the query; String() leaves a string as it is.
    const queryVectors = this.embedder.embed([String(query ?? '')]);
    const [vectors, [queryVector]] = await Promise.all([toolVectors, queryVectors]);
    if (vectors.length !== definitions.length || !queryVector) {
      throw new Error(`The embedder returned ${vectors.length} vectors for ${definitions.length} tools`);
    }
    const matches = definitions.map((definition, index) => ({
      definition,
      score: cosineSimilarity(queryVector, vectors[index] as number[]),
    }));
    return matches.sort(compareMatches).slice(0, count);
  }

  private toolVectors(texts: string[]): number[][] | Promise<number[][]> {
    const key = texts.join('\u0000');
    if (this.cache?.key === key) return this.cache.vectors;
    this.embedder.fit?.(texts);
    const vectors = this.embedder.embed(texts);
    const entry = { key, vectors };
    this.cache = entry;
    if (vectors instanceof Promise) {
      // A failed request (a provider's endpoint) must not be cached: the next discovery tries again.
      vectors.catch(() => {
        if (this.cache === entry) this.cache = undefined;
      });
    }
    return vectors;
  }
}
