import * as zod from 'zod';

// The zod bundle of the sandbox, built by Vite as its own script (`?worker&url`) and loaded by a
// worker's harness only when it needs zod: a schema, or user code importing it (see zod-loader.ts).
// Most execute calls never do, and a worker starts several times faster without it.
// The sandbox CSP has no 'unsafe-eval': zod must not compile parsers with new Function.
zod.config({ jitless: true });

(globalThis as unknown as { toolscopeZod?: typeof zod }).toolscopeZod = zod;
