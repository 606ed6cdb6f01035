// The host globals the executor core relies on: the intersection of what Node 20 and browsers provide.
// Declared here (instead of pulling in the DOM lib or @types/node) so that a stray `document` or
// `Buffer` in src/core fails the type check.

interface EventListenerOptionsLike {
  once?: boolean;
  signal?: AbortSignal;
}

/** An object listener (`handleEvent`), as both Node and browsers accept: lets a class listen without a closure. */
interface EventListenerObjectLike {
  handleEvent(): void;
}

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: (() => void) | EventListenerObjectLike, options?: EventListenerOptionsLike): void;
  removeEventListener(type: 'abort', listener: (() => void) | EventListenerObjectLike): void;
}

declare var AbortSignal: {
  prototype: AbortSignal;
  abort(reason?: unknown): AbortSignal;
  timeout(milliseconds: number): AbortSignal;
  any(signals: AbortSignal[]): AbortSignal;
};

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

declare var AbortController: {
  prototype: AbortController;
  new (): AbortController;
};

interface DOMException extends Error {
  readonly name: string;
}

declare var DOMException: {
  prototype: DOMException;
  new (message?: string, name?: string): DOMException;
};

declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare function queueMicrotask(callback: () => void): void;
/** Node 17+ and every browser: a deep copy of plain data. */
declare function structuredClone<T>(value: T): T;

declare var performance: { now(): number };

declare var console: {
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};
