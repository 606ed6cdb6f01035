// The sandbox's CSP (connect-src 'none') blocks any request a tool makes itself; the browser then says
// only "TypeError: Failed to fetch", which reads like a server being down (issue 27). The global fetch is
// replaced by one that fails the same way (a rejected promise with a TypeError) but says why and what to
// use instead. The CSP stays the guard: this only explains it, so code that deletes it gains nothing.

import { directFetchMessage } from '../direct-fetch.ts';

export function explainBlockedNetwork(scope: typeof globalThis): void {
  // A named function expression: its name is what `fetch.name` and stack frames show.
  const fetch = function fetch(): Promise<never> {
    // Created here, so the stack's first frame in the user's module is the line that called fetch.
    return Promise.reject(new TypeError(directFetchMessage));
  };
  Object.defineProperty(scope, 'fetch', { value: fetch, configurable: true, writable: true });
}
