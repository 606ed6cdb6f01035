// The sandbox's CSP (connect-src 'none') blocks any request a tool makes itself; the browser then says
// only "TypeError: Failed to fetch", which reads like a server being down (issue 27). The global fetch is
// wrapped so that this failure says why and what to use instead. The request still goes to the browser,
// so the CSP stays the guard (and what the e2e checks): this only explains its answer.
import { directFetchMessage } from '../direct-fetch.ts';

export function explainBlockedNetwork(scope: typeof globalThis): void {
  const native = scope.fetch as typeof fetch | undefined;
  // A named function expression: its name is what `fetch.name` and stack frames show.
  const explained = function fetch(...args: Parameters<typeof globalThis.fetch>): Promise<Response> {
    // Created here, so its stack's first frame in the user's module is the line that called fetch.
    const blocked = new TypeError(directFetchMessage);
    if (!native) return Promise.reject(blocked);
    return native.apply(scope, args).catch((error: unknown) => {
      // Only a network failure (a TypeError) is the CSP's answer; an abort (a DOMException) is the tool's.
      if (!(error instanceof TypeError)) throw error;
      blocked.cause = error;
      throw blocked;
    });
  };
  Object.defineProperty(scope, 'fetch', { value: explained, configurable: true, writable: true });
}
