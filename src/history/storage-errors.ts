// How browsers report a full disk to IndexedDB differs: a QuotaExceededError DOMException from a request,
// or a transaction aborted with one as its error (Firefox once used NS_ERROR_DOM_QUOTA_REACHED).
export function isQuotaError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { name } = error as { name?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** Rejects with `message` if `work` has not settled after `ms` (an IndexedDB open can wait forever). */
export function withTimeout<Value>(work: Promise<Value>, ms: number, message: string): Promise<Value> {
  return new Promise<Value>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
