// How long the page's main thread was busy (CDP Performance metrics): on a machine shared with other
// jobs, wall time says as much about them as about the app, while the page's own task time says what
// the app made its main thread do.
import type { CDPSession, Page } from '@playwright/test';

export interface MainThreadTime {
  /** Seconds of main-thread tasks, of which script, layout and style recalculation. */
  taskSeconds: number;
  scriptSeconds: number;
  layoutSeconds: number;
  styleSeconds: number;
}

async function read(session: CDPSession): Promise<MainThreadTime> {
  const { metrics } = await session.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return {
    taskSeconds: value('TaskDuration'),
    scriptSeconds: value('ScriptDuration'),
    layoutSeconds: value('LayoutDuration'),
    styleSeconds: value('RecalcStyleDuration'),
  };
}

/** Starts counting; the returned function gives the time spent since. */
export async function countMainThread(page: Page): Promise<() => Promise<MainThreadTime>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const start = await read(session);
  return async () => {
    const end = await read(session);
    await session.detach();
    return {
      taskSeconds: end.taskSeconds - start.taskSeconds,
      scriptSeconds: end.scriptSeconds - start.scriptSeconds,
      layoutSeconds: end.layoutSeconds - start.layoutSeconds,
      styleSeconds: end.styleSeconds - start.styleSeconds,
    };
  };
}

export function describeMainThread(time: MainThreadTime): string {
  const part = (seconds: number) => `${seconds.toFixed(1)} s`;
  return `main thread busy ${part(time.taskSeconds)} (script ${part(time.scriptSeconds)}, layout ${part(time.layoutSeconds)}, style ${part(time.styleSeconds)})`;
}
