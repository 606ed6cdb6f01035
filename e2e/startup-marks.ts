// The start-up marks of e2e/startup-figures.spec.ts, recorded in the page by an init script: when, from
// navigation start, the first contentful paint came, the shell became interactive (the app's own handlers
// on "New tool", a tool of the list and the Message box) and every tool showed valid.
// e2e/startup-shell.spec.ts uses the same marks to act at the first interactive moment.

export interface StartupMarks {
  firstContentfulPaintMs: number | null;
  shellInteractiveMs: number | null;
  /** The parts of shell interactive: "New tool" and a tool of the list answer a click; Message takes typing. */
  toolsClickableMs: number | null;
  messageTypableMs: number | null;
  allToolsValidMs: number | null;
  tools: number;
}

declare global {
  interface Window {
    __startupMarks?: StartupMarks;
  }
}

/** Runs before the app's scripts: notes, against navigation start, when each mark first holds. */
export function recordMarks(): void {
  const marks: StartupMarks = {
    firstContentfulPaintMs: null,
    shellInteractiveMs: null,
    toolsClickableMs: null,
    messageTypableMs: null,
    allToolsValidMs: null,
    tools: 0,
  };
  window.__startupMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.firstContentfulPaintMs = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // React keeps an element's props under a `__reactProps$…` key: a handler there is the app's, attached
  // (the baseline page sets the element's own `onclick`/`oninput`).
  const handles = (element: Element | null | undefined, event: 'onClick' | 'onChange') =>
    !!element &&
    !(element as HTMLButtonElement).disabled &&
    (typeof (element as HTMLElement)[event === 'onClick' ? 'onclick' : 'oninput'] === 'function' ||
      Object.entries(element).some(
        ([key, props]) => key.startsWith('__reactProps$') && typeof (props as Record<string, unknown>)[event] === 'function',
      ));
  const check = () => {
    const now = performance.now();
    if (marks.toolsClickableMs === null) {
      const newTool = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === 'New tool');
      if (handles(newTool, 'onClick') && handles(document.querySelector('[aria-label="Tool list"] li button'), 'onClick'))
        marks.toolsClickableMs = now;
    }
    if (marks.messageTypableMs === null && handles(document.querySelector('textarea[aria-label="Message"]'), 'onChange'))
      marks.messageTypableMs = now;
    if (marks.shellInteractiveMs === null && marks.toolsClickableMs !== null && marks.messageTypableMs !== null)
      marks.shellInteractiveMs = now;
    if (marks.allToolsValidMs === null) {
      const dots = document.querySelectorAll('[aria-label="Tool list"] .status-dot');
      const valid = document.querySelectorAll('[aria-label="Tool list"] .status-dot.status-valid');
      if (dots.length > 0 && valid.length === dots.length) {
        marks.allToolsValidMs = performance.now();
        marks.tools = dots.length;
      }
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['class', 'disabled'],
  });
}
