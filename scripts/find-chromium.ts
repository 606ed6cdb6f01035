import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium executable the e2e tests should use, or undefined when there is none.
 * Returns null (not undefined) for "Playwright's own browser", which needs no explicit path.
 */
export function findChromium(): string | null | undefined {
  const fromEnvironment = process.env.CHROMIUM_PATH;
  if (fromEnvironment) return existsSync(fromEnvironment) ? fromEnvironment : undefined;
  if (existsSync(chromium.executablePath())) return null;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return undefined;
}
