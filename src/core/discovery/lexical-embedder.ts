import { conceptMap } from './concepts.ts';
import { defaultConceptGroups } from './concepts-vocabulary.ts';
import type { Embedder } from './embedder.ts';
import { tokenize, type TermMap } from './tokenize.ts';

export interface LexicalEmbedderOptions {
  /** Words that count as one term (see `concepts-vocabulary.ts`). `[]` turns them off. Default `defaultConceptGroups`. */
  conceptGroups?: readonly (readonly string[])[];
}

/**
 * TF-IDF vectors over the terms of the fitted corpus: deterministic, offline, no model to download.
 * A word shared by every tool ("returns", "tool") weighs little; a word only one tool uses weighs most.
 * Terms a query has but no tool has are dropped: they would lower every tool's score by the same factor
 * and so cannot change the ranking.
 */
export class LexicalEmbedder implements Embedder {
  private readonly concepts: TermMap;
  private vocabulary = new Map<string, number>();
  // Stryker disable next-line ArrayDeclaration: read only at the indices of the vocabulary, empty until the first fit.
  private inverseDocumentFrequency: number[] = [];

  constructor(options: LexicalEmbedderOptions = {}) {
    this.concepts = conceptMap(options.conceptGroups ?? defaultConceptGroups);
  }

  fit(corpus: readonly string[]): void {
    const documentFrequency = new Map<string, number>();
    for (const text of corpus) {
      for (const term of new Set(this.terms(text))) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    // Sorted so that the same corpus always gives the same dimensions, whatever the tools' order.
    const terms = [...documentFrequency.keys()].sort();
    this.vocabulary = new Map(terms.map((term, index) => [term, index]));
    // Smoothed as in scikit-learn: never zero or negative, even for a word every tool has.
    this.inverseDocumentFrequency = terms.map((term) => Math.log((1 + corpus.length) / (1 + (documentFrequency.get(term) ?? 0))) + 1);
  }

  embed(texts: string[]): number[][] {
    return texts.map((text) => this.vectorOf(text));
  }

  /** The terms a text is reduced to; exposed so a test or the UI can show why a tool matched. */
  terms(text: string): string[] {
    return tokenize(text, this.concepts);
  }

  private vectorOf(text: string): number[] {
    const counts = new Map<number, number>();
    for (const term of this.terms(text)) {
      const index = this.vocabulary.get(term);
      if (index !== undefined) counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    const vector = new Array<number>(this.vocabulary.size).fill(0);
    let squaredNorm = 0;
    for (const [index, count] of counts) {
      // Sublinear term frequency: a word said five times is not five times as telling as once.
      const weight = (1 + Math.log(count)) * (this.inverseDocumentFrequency[index] ?? 0);
      vector[index] = weight;
      squaredNorm += weight * weight;
    }
    // Every weight is at least 1 (both factors are), so the norm is 0 only when no term was counted and
    // the loop has nothing to divide.
    const norm = Math.sqrt(squaredNorm);
    for (const index of counts.keys()) vector[index] = (vector[index] as number) / norm;
    return vector;
  }
}
