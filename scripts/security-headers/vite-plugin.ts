import type { Connect, Plugin } from 'vite';
import { appPolicy, commonHeaders, headersFor, metaPolicyText, pageKindOf, policyText, sandboxHeaderPolicy } from './policies.ts';

// Sends the security headers of policies.ts: all of them under `vite preview` (so `npm start` and the e2e
// server, which is `vite preview`, serve what a real host should), and writes the app's CSP into the built
// index.html as a <meta> for hosts that set no headers. Under `vite dev` only what cannot break the dev
// server's inline scripts and eval: COOP, the app's frame-ancestors, and sandbox.html's own policy.

function middleware(base: string, development: boolean): Connect.NextHandleFunction {
  return (request, response, next) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    const kind = pageKindOf(pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname);
    const headers = development
      ? kind === 'sandbox'
        ? { ...commonHeaders, 'Content-Security-Policy': policyText(sandboxHeaderPolicy()) }
        : kind === 'app'
          ? { ...commonHeaders, 'Content-Security-Policy': "frame-ancestors 'none'" }
          : {}
      : headersFor(kind);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    next();
  };
}

export function securityHeaders(): Plugin {
  return {
    name: 'toolscope:security-headers',
    configurePreviewServer(server) {
      server.middlewares.use(middleware(server.config.base, false));
    },
    configureServer(server) {
      server.middlewares.use(middleware(server.config.base, true));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // Only the built app page: the dev server's own inline scripts would be refused, and sandbox.html has its own.
        if (context.server || !context.path.endsWith('/index.html')) return html;
        return [
          { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: metaPolicyText(appPolicy) }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
