// A browser opens at most six HTTP/1.1 connections to one server (scheme, host and port), and a request
// beyond them waits, unseen, until one frees: the call looks slow while its server has not even heard
// of it. The browser never says so, so the client counts its own requests to each server — every fetch
// until its response has ended — and a request sent while six are open waits, in order, for one of them
// to end. Only plain http:// is counted: over https the browser may speak HTTP/2, which has no such limit,
// and a wait drawn there could be false. Requests from other tabs are not seen: the count can be short,
// never too long.

/** Chrome's and Firefox's connections per server for HTTP/1.1. */
export const browserConnectionsPerServer = 6;

export class ConnectionSlots {
  private open = 0;
  /** Requests waiting for a connection, first come first served (as the browser serves them). */
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limit = browserConnectionsPerServer) {}

  /**
   * A request is sent. `onWait` is called when it must wait for a connection, and what it returns is
   * called once it has one. The function returned is for the request's end (an error, or its response
   * read to the end); calling it again does nothing.
   */
  begin(onWait: () => () => void): () => void {
    let state: 'waiting' | 'open' | 'ended' = 'open';
    let waited: (() => void) | undefined;
    const granted = () => {
      state = 'open';
      waited?.();
    };
    if (this.open < this.limit) this.open++;
    else {
      state = 'waiting';
      this.queue.push(granted);
      waited = onWait();
    }
    return () => {
      if (state === 'ended') return;
      const wasOpen = state === 'open';
      state = 'ended';
      if (!wasOpen) {
        // It never had a connection: it leaves the queue (a cancelled request the browser never sent).
        this.queue.splice(this.queue.indexOf(granted), 1);
        waited?.();
        return;
      }
      const next = this.queue.shift();
      if (next) next();
      else this.open--;
    };
  }

  /** How many requests hold a connection now. */
  get inUse(): number {
    return this.open;
  }
}

const byServer = new Map<string, ConnectionSlots>();

/** The count shared by every connection of this page to the server of `url`; none for https. */
export function connectionSlotsFor(url: URL): ConnectionSlots | undefined {
  if (url.protocol !== 'http:') return undefined;
  let slots = byServer.get(url.origin);
  if (!slots) byServer.set(url.origin, (slots = new ConnectionSlots()));
  return slots;
}
