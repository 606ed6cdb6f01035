import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appHeaderPolicy, appPolicy, headersFor, metaPolicyText, pageKindOf, policyText, staticHostHeaders } from './policies.ts';

const sources = (policy: typeof appPolicy, directive: string) => policy.find(([name]) => name === directive)?.slice(1);

describe('security headers (issue 28)', () => {
  it('public/_headers ships exactly the headers the preview server sends', () => {
    expect(readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8')).toBe(staticHostHeaders());
  });

  it('sandbox.html is sandboxed by its own response and may be framed by the app alone', () => {
    expect(headersFor('sandbox')['Content-Security-Policy']).toBe("sandbox allow-scripts; frame-ancestors 'self'");
  });

  it('the app page cannot be framed, isolates its windows, and loads script and images from itself only', () => {
    const headers = headersFor('app');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(sources(appHeaderPolicy, 'frame-ancestors')).toEqual(["'none'"]);
    // No 'unsafe-eval' either (issue 28): text the page receives can never become code.
    expect(sources(appPolicy, 'script-src')).toEqual(["'self'"]);
    expect(sources(appPolicy, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(sources(appPolicy, 'object-src')).toEqual(["'none'"]);
    expect(headers['Content-Security-Policy']).toBe(policyText(appHeaderPolicy));
  });

  it('the <meta> form leaves out what a <meta> may not carry', () => {
    expect(metaPolicyText(appHeaderPolicy)).not.toContain('frame-ancestors');
    expect(metaPolicyText(appHeaderPolicy)).toContain("script-src 'self'");
  });

  it.each([
    ['/', 'app'],
    ['/index.html', 'app'],
    ['/some/route', 'app'],
    ['/sandbox.html', 'sandbox'],
    ['/assets/index-abc.js', 'other'],
    ['/favicon.svg', 'other'],
  ] as const)('%s is served as %s', (path, kind) => {
    expect(pageKindOf(path)).toBe(kind);
  });

  it('scripts and workers get no CSP of their own (a worker would take it as its policy)', () => {
    expect(headersFor('other')['Content-Security-Policy']).toBeUndefined();
  });
});
