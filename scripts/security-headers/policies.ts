// The HTTP headers Toolscope is served with, in one place: `vite preview` / `npm start` / `vite dev` send
// them (vite-plugin.ts), `public/_headers` ships them to static hosts that read that file (Netlify,
// Cloudflare Pages; a unit test keeps it equal to `staticHostHeaders()`), and the built index.html
// carries the parts a <meta> element can (hosts that set no headers at all). Why each one: README,
// "Security headers", and issue 28.

/** A CSP as directive → sources, so a test can read one directive without parsing text. */
export type Policy = ReadonlyArray<readonly [directive: string, ...sources: string[]]>;

/**
 * The app page. connect-src cannot name hosts: the page talks to provider base URLs, MCP server URLs and
 * the tool allowlist's origins, all chosen by the person at run time (and `http:` for local models such
 * as Ollama). So it only keeps out other schemes; what keeps script out is script-src (no inline script,
 * no other origin), and img-src keeps injected markup or CSS from sending data out through an image.
 */
export const appPolicy: Policy = [
  ['default-src', "'self'"],
  // No 'unsafe-eval': nothing on this page makes code from text. MCP schemas are checked by a validator
  // that generates none (docs/adr/0017-json-schema-without-eval.md) and zod runs without its JIT.
  ['script-src', "'self'"],
  // Monaco adds <style> elements at run time (its themes and decorations).
  ['style-src', "'self'", "'unsafe-inline'"],
  ['img-src', "'self'", 'data:', 'blob:'],
  ['font-src', "'self'", 'data:'],
  ['connect-src', "'self'", 'http:', 'https:'],
  // Monaco's workers (same-origin files) and nothing else; the sandbox's workers live in its own frame.
  ['worker-src', "'self'"],
  // Only sandbox.html is framed.
  ['frame-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

/** Directives a <meta> element may not carry (browsers ignore them there and log an error). */
const headerOnly = new Set(['frame-ancestors', 'sandbox', 'report-uri']);

/** No other site may frame the app (clickjacking, and reaching its windows). */
export const appHeaderPolicy: Policy = [...appPolicy, ['frame-ancestors', "'none'"]];

/**
 * sandbox.html: sandboxed by its own response, so a page that frames it without a `sandbox` attribute
 * still gets an opaque origin, and only the app may frame it at all. Its meta CSP (no network, the
 * bootstrap by hash) applies on top.
 */
export function sandboxHeaderPolicy(appOrigin = "'self'"): Policy {
  return [
    ['sandbox', 'allow-scripts'],
    ['frame-ancestors', appOrigin],
  ];
}

export function policyText(policy: Policy): string {
  return policy.map(([directive, ...sources]) => [directive, ...sources].join(' ')).join('; ');
}

export function metaPolicyText(policy: Policy): string {
  return policyText(policy.filter(([directive]) => !headerOnly.has(directive)));
}

/** Headers every response gets. */
export const commonHeaders: Readonly<Record<string, string>> = {
  // A window the app opens, or that opens the app, from another site cannot reach it by reference or by
  // name (`window.open('', name)`), which the framing attack of issue 28 used to reach the app's popup.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export type PageKind = 'app' | 'sandbox' | 'other';

/** What a request path serves, after the base path: sandbox.html, an HTML page of the app, or a file. */
export function pageKindOf(pathname: string): PageKind {
  const last = pathname.split('/').pop() ?? '';
  if (last === 'sandbox.html') return 'sandbox';
  // index.html, '/', and paths without an extension (the preview server answers them with index.html).
  if (last === '' || last.endsWith('.html') || !last.includes('.')) return 'app';
  return 'other';
}

/** The headers for one response; workers and scripts get no CSP of their own (they inherit none from it). */
export function headersFor(kind: PageKind): Record<string, string> {
  if (kind === 'sandbox') return { ...commonHeaders, 'Content-Security-Policy': policyText(sandboxHeaderPolicy()) };
  if (kind === 'app') return { ...commonHeaders, 'Content-Security-Policy': policyText(appHeaderPolicy) };
  return { ...commonHeaders };
}

/** `public/_headers`: the format Netlify and Cloudflare Pages read (path, then indented `Name: value`). */
export function staticHostHeaders(): string {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return (
    [
      '# Generated from scripts/security-headers/policies.ts (a unit test keeps them equal). Why: README, "Security headers".',
      block('/*', commonHeaders),
      block('/', { 'Content-Security-Policy': policyText(appHeaderPolicy) }),
      block('/index.html', { 'Content-Security-Policy': policyText(appHeaderPolicy) }),
      block('/sandbox.html', { 'Content-Security-Policy': policyText(sandboxHeaderPolicy()) }),
    ].join('\n\n') + '\n'
  );
}
