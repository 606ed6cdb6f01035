// Monaco editors are created one at a time, each in a task of its own with a frame after it. Building an
// editor (its services, its view, its first drawing) takes tens of milliseconds; when Monaco arrives the
// page's editors (the tool's code, the test call, a scenario) all mounted at once, in one task of ~160 ms
// that left the page without a frame (issue 28: a shared workspace opened in the first seconds). The
// turn passes on when the editor holding it has drawn its first frame, or after `longestTurnMs` (an
// editor that never finishes mounting must not keep the others away).

const longestTurnMs = 500;

type Grant = () => void;
const waiting: Grant[] = [];
let holder: symbol | null = null;
let holderTimer: ReturnType<typeof setTimeout> | undefined;

function grantNext(): void {
  holder = null;
  clearTimeout(holderTimer);
  waiting.shift()?.();
}

/** A place in the queue: `granted` runs when it is this editor's turn (at once if nobody waits). */
export function requestEditorTurn(granted: () => void): { done(): void; cancel(): void } {
  const turn = Symbol('editor turn');
  let finished = false;
  const grant = () => {
    holder = turn;
    holderTimer = setTimeout(release, longestTurnMs);
    granted();
  };
  // After the editor's first frame, the next one may start: a frame, then a task.
  const release = () => {
    if (finished) return;
    finished = true;
    if (holder === turn) grantNext();
  };
  if (holder === null && waiting.length === 0) grant();
  else waiting.push(grant);
  return {
    done() {
      if (finished || holder !== turn) return;
      requestAnimationFrame(() => setTimeout(release, 0));
    },
    cancel() {
      const index = waiting.indexOf(grant);
      if (index >= 0) waiting.splice(index, 1);
      release();
    },
  };
}
