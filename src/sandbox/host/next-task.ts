// Runs work in a task of its own, soon: what a call's end leaves to do (stop its worker, start the next
// spare, close the port) then waits until the call's result has reached the executor. A message to
// itself, not setTimeout, whose 0 ms becomes 4 ms once nested (and which tests drive on fake time as the
// host's clock; this is no clock). One channel for all, one message per batch of callbacks.

let queued: (() => void)[] = [];
let channel: MessageChannel | undefined;

function run(): void {
  const callbacks = queued;
  queued = [];
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      // One failing callback must not drop the others; it is still reported.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

export function nextTask(callback: () => void): void {
  queued.push(callback);
  if (queued.length > 1) return;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = run;
    // Under Node (unit tests) an open port would keep the process alive; browsers have no unref.
    (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
  }
  channel.port2.postMessage(undefined);
}

export function afterThisTask(): Promise<void> {
  return new Promise((resolve) => nextTask(resolve));
}
