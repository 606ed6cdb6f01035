// The module vite-plugin-project-packages.ts serves: package name → its range and Node floor.
declare module 'virtual:toolscope-project-packages' {
  const packages: Record<string, { version: string; node?: string }>;
  export default packages;
}
