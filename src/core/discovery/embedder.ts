/**
 * Turns texts into vectors whose cosine similarity says how related two texts are. The default is the
 * offline `LexicalEmbedder`; an adapter over a provider's embeddings endpoint fits the same shape
 * (hence the promise).
 */
export interface Embedder {
  /** One vector per text, in order. All vectors of one fit must have the same length. */
  embed(texts: string[]): Promise<number[][]> | number[][];
  /**
   * Corpus-aware embedders (TF-IDF, BM25) learn their weights from the tools' texts. Discovery calls
   * this with every tool's text whenever the set of tools or their texts change, before embedding them.
   */
  fit?(corpus: readonly string[]): void;
}
