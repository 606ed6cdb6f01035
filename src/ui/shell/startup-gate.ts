// Heavy lazy parts of the UI (Monaco: megabytes of script to evaluate, then a 7 MB TypeScript worker)
// wait until the first compile of the workspace's tools is done: on a 2-core machine they otherwise
// take the main thread and the cores from the sandbox, and every tool stays "checking" for seconds
// longer (issue 15). They never wait longer than `longestWaitMs`, so a sandbox that cannot start does
// not keep the editor away.

const longestWaitMs = 2_500;

let open: () => void = () => {};
const opened = new Promise<void>((resolve) => {
  open = resolve;
});
setTimeout(() => open(), longestWaitMs);

/** Resolves once start-up's compiles are done (or after a few seconds at most). */
export function afterStartup(): Promise<void> {
  return opened;
}

/** Called by boot when the first compile of every tool has finished. */
export function startupSettled(): void {
  open();
}
