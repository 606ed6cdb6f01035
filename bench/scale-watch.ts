// What a person sees of a big run, watched from inside the page so timings do not depend on how often
// Playwright polls: when Run scenario was clicked, when each model turn appeared in the transcript, when
// the stop reason replaced "Running…", and the gaps between animation frames meanwhile.
import type { Page } from '@playwright/test';

export interface RunWatch {
  clickedAt: number;
  /** When each assistant message appeared, in order (page ms). */
  turnsAt: number[];
  endedAt: number;
  /** Longest gap between two frames from the click to the stop reason (ms). */
  longestFrameGapMs: number;
  framesOver50Ms: number;
  framesOver100Ms: number;
  /** Longest gap in the second after the stop reason (keeping the run, the last timeline build). */
  longestFrameGapAfterMs: number;
}

declare global {
  interface Window {
    __scaleWatch?: RunWatch & { done: boolean };
  }
}

const settleMs = 1000;

/** Starts watching; the watch starts timing at the next click on "Run scenario". */
export async function startWatch(page: Page): Promise<void> {
  await page.evaluate((settle) => {
    const region = document.querySelector('[aria-labelledby="panel-conversation"]');
    const transcript = region?.querySelector('.transcript');
    // The messages are the children of the transcript's content box.
    const messages = transcript?.querySelector('.transcript-content') ?? transcript;
    if (!region || !transcript || !messages) throw new Error('no transcript on the page');
    const watch = {
      clickedAt: 0,
      turnsAt: [] as number[],
      endedAt: 0,
      longestFrameGapMs: 0,
      framesOver50Ms: 0,
      framesOver100Ms: 0,
      longestFrameGapAfterMs: 0,
      done: false,
    };
    window.__scaleWatch = watch;
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element).closest('button');
        if (!watch.clickedAt && button?.textContent?.trim() === 'Run scenario') watch.clickedAt = performance.now();
      },
      { capture: true },
    );
    // Messages are the transcript's children: watching only them costs nothing per chip.
    new MutationObserver((records) => {
      if (!watch.clickedAt || watch.endedAt) return;
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && node.classList.contains('message-assistant')) watch.turnsAt.push(performance.now());
    }).observe(messages, { childList: true });
    let last = performance.now();
    const onFrame = (now: number) => {
      const gap = now - last;
      last = now;
      if (watch.clickedAt && !watch.endedAt) {
        watch.longestFrameGapMs = Math.max(watch.longestFrameGapMs, gap);
        if (gap > 50) watch.framesOver50Ms++;
        if (gap > 100) watch.framesOver100Ms++;
        const status = transcript.querySelector('.run-status')?.textContent ?? '';
        if (/ after \d+ model calls?/.test(status)) watch.endedAt = now;
      } else if (watch.endedAt) {
        watch.longestFrameGapAfterMs = Math.max(watch.longestFrameGapAfterMs, gap);
        if (now - watch.endedAt > settle) watch.done = true;
      }
      if (!watch.done) requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
  }, settleMs);
}

/** Waits for the stop reason and the settle second after it; returns what the watch saw. */
export async function finishWatch(page: Page, timeoutMs: number): Promise<RunWatch> {
  await page.waitForFunction(() => window.__scaleWatch?.done === true, undefined, { timeout: timeoutMs, polling: 500 });
  return page.evaluate(() => {
    const { done: _done, ...watch } = window.__scaleWatch as RunWatch & { done: boolean };
    return watch;
  });
}
