// The sample tools as compiled at build time (vite-plugin-compiled-samples.ts): the compile cache's
// build-time verdicts (`PrecompiledTool` in compile-cache.ts) and the build id they are for.
declare module 'virtual:toolscope-compiled-samples' {
  export const build: string;
  export const precompiled: readonly {
    language: string;
    hash: string;
    verdict: { ok: true; parameters: { type: 'object'; [keyword: string]: unknown } };
  }[];
}
