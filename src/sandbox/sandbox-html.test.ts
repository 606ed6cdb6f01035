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

/** What the bootstrap did in a fake frame: listeners it added, scripts it appended, the title it set. */
interface BootstrapRun {
  parent: object;
  listeners: Array<(event: unknown) => void>;
  appended: Array<{ src: string }>;
  title: () => string;
}

/** Runs the inline bootstrap against a fake window: `origin` is window.origin; `sealed` whether document.cookie throws. */
function runBootstrap(options: { origin: string; sealed: boolean; framed: boolean }): BootstrapRun {
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)][0]?.[1] ?? '';
  const run: BootstrapRun = { parent: {}, listeners: [], appended: [], title: () => fakeDocument.title };
  const fakeWindow: Record<string, unknown> = {
    origin: options.origin,
    addEventListener: (type: string, listener: (event: unknown) => void) => type === 'message' && run.listeners.push(listener),
    removeEventListener: () => undefined,
  };
  fakeWindow.parent = options.framed ? run.parent : fakeWindow;
  const fakeDocument = {
    title: 'Toolscope sandbox',
    get cookie(): string {
      if (options.sealed) throw new Error('SecurityError: the document is sandboxed and lacks allow-same-origin');
      return '';
    },
    createElement: () => ({ src: '' }),
    head: { appendChild: (element: { src: string }) => run.appended.push(element) },
  };
  const fakeUrl = { createObjectURL: () => 'blob:frame-script' };
  new Function('window', 'document', 'location', 'URL', 'Blob', script)(
    fakeWindow,
    fakeDocument,
    { origin: 'http://app.test' },
    fakeUrl,
    Blob,
  );
  return run;
}

const initMessage = { type: 'toolscope-sandbox-init', frameSource: 'void 0' };

describe('the sandbox bootstrap (issue 28: another site framed it unsandboxed and ran script as the app)', () => {
  it('starts in a sandboxed frame when the app page sends the init message', () => {
    const run = runBootstrap({ origin: 'null', sealed: true, framed: true });
    run.listeners[0]?.({ source: run.parent, origin: 'http://app.test', data: initMessage, ports: [{}] });
    expect(run.appended).toEqual([{ src: 'blob:frame-script' }]);
  });

  it.each([
    [
      'with the origin of the page that serves it (framed without a sandbox attribute)',
      { origin: 'http://app.test', sealed: false, framed: true },
    ],
    ['with an opaque origin but readable cookies', { origin: 'null', sealed: false, framed: true }],
    ['as a page of its own, not in a frame', { origin: 'null', sealed: true, framed: false }],
  ])('refuses to start %s', (_case, options) => {
    const run = runBootstrap(options);
    expect(run.listeners).toEqual([]);
    expect(run.title()).toContain('refused to start');
  });

  it('ignores an init message from a parent on another origin', () => {
    const run = runBootstrap({ origin: 'null', sealed: true, framed: true });
    run.listeners[0]?.({ source: run.parent, origin: 'http://attacker.test', data: initMessage, ports: [{}] });
    run.listeners[0]?.({ source: {}, origin: 'http://app.test', data: initMessage, ports: [{}] });
    expect(run.appended).toEqual([]);
  });
});

describe('sandbox.html', () => {
  it("allows its inline bootstrap by the bootstrap's exact hash", () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256')
      .update(scripts[0] as string)
      .digest('base64');
    expect(contentSecurityPolicy().get('script-src')).toEqual([`'sha256-${hash}'`, 'blob:', "'wasm-unsafe-eval'"]);
  });

  it('allows no network, no eval (WebAssembly only, for Python tools), no plugins and only Blob workers', () => {
    const policy = contentSecurityPolicy();
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(['blob:']);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // 'wasm-unsafe-eval' compiles WebAssembly (Pyodide) and nothing else: eval and new Function stay refused.
    expect(html).not.toMatch(/[^-]unsafe-eval/);
    expect(html).not.toContain('unsafe-inline');
  });

  it('loads no module script of its own (an opaque origin could not load it without CORS)', () => {
    expect(html).not.toMatch(/<script[^>]+src=/);
  });
});
