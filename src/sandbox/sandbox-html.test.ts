import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// sandbox.html allows exactly one inline script, by hash. Editing the bootstrap without updating the
// hash would leave the sandbox dead in the browser (blocked by its own CSP), so check it here.
const html = readFileSync(new URL('../../sandbox.html', import.meta.url), 'utf8');

function contentSecurityPolicy(): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
  return new Map(
    content.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('sandbox.html', () => {
  it("allows its inline bootstrap by the bootstrap's exact hash", () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256')
      .update(scripts[0] as string)
      .digest('base64');
    expect(contentSecurityPolicy().get('script-src')).toEqual([`'sha256-${hash}'`, 'blob:']);
  });

  it('allows no network, no eval, no plugins and only Blob workers', () => {
    const policy = contentSecurityPolicy();
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(['blob:']);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(html).not.toContain('unsafe-eval');
    expect(html).not.toContain('unsafe-inline');
  });

  it('loads no module script of its own (an opaque origin could not load it without CORS)', () => {
    expect(html).not.toMatch(/<script[^>]+src=/);
  });
});
