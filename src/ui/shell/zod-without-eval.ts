// zod compiles object parsers with `new Function` when it can; the page's CSP has no 'unsafe-eval', so
// each try would be refused and reported as a violation (issue 28). Told here, before any parse, zod
// never tries. Imported first by main.tsx; the sandbox's zod is told the same in its own bundle.
import { z } from 'zod';

z.config({ jitless: true });
