// zod compiles object parsers with `new Function` when it can; the page's CSP has no 'unsafe-eval', so
// each try would be refused and reported as a violation (issue 28). Told here, before any parse, zod
// never tries. Imported first by main.tsx; the sandbox's zod is told the same in its own bundle.
// zod keeps its config on `globalThis.__zod_globalConfig`, one object shared by every copy of zod
// (zod PR #5889), so the setting needs no import of zod: `z.config` put 3.8 kB (gzip) of zod into the
// entry, which has none otherwise (issue 30). The object is extended, not replaced, in case a zod
// already bound it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true });
