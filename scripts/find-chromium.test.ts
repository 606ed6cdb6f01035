import { afterEach, describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium.ts';

describe('findChromium', () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it('uses CHROMIUM_PATH when it points at a file', () => {
    process.env.CHROMIUM_PATH = process.execPath; // any existing executable will do
    expect(findChromium()).toBe(process.execPath);
  });

  it('reports no browser when CHROMIUM_PATH points nowhere, instead of silently falling back', () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    expect(findChromium()).toBeUndefined();
  });
});
