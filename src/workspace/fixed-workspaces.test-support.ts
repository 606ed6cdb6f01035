// Small, fixed workspaces (and storage helpers) for the tests of this folder (the default workspace follows the samples,
// which change; these do not).
import { defaultRunSettings } from './default-workspace.ts';
import { MemoryStorage } from './memory-storage.ts';
import type { StorageLike } from './storage-keys.ts';
import { WORKSPACE_VERSION, type ToolSource, type Workspace } from './workspace-schema.ts';

export function makeTool(overrides: Partial<ToolSource> = {}): ToolSource {
  return {
    id: 'tool-weather',
    name: 'get_weather',
    description: 'Current weather for a city',
    schemaSource: "import { z } from 'zod';\nexport default z.object({ city: z.string() });\n",
    codeSource: 'export default async function execute(input) {\n  return { city: input.city, celsius: 21 };\n}\n',
    enabled: true,
    idempotent: true,
    argumentsText: '{ "city": "Paris" }',
    ...overrides,
  };
}

export function makeWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    version: WORKSPACE_VERSION,
    tools: [
      makeTool(),
      makeTool({ id: 'tool-email', name: 'send_email', idempotent: false, timeoutMs: 2_000, retry: { maxAttempts: 1 } }),
      makeTool({ id: 'tool-search', name: 'search_docs', enabled: false }),
    ],
    scenarios: [{ id: 'scenario-1', name: 'Two parallel calls', source: '{ "turns": [] }' }],
    settings: structuredClone(defaultRunSettings),
    ...overrides,
  };
}

/** A version 0 (pre-release) workspace, as that format was written. */
export function makeV0Workspace(): Record<string, unknown> {
  const { provider: _provider, ...settings } = structuredClone(defaultRunSettings);
  return {
    version: 0,
    tools: [
      {
        id: 'tool-weather',
        name: 'get_weather',
        description: 'Current weather for a city',
        schema: 'export default z.object({ city: z.string() });',
        code: 'export default async (input) => ({ celsius: 21 });',
        idempotent: true,
        timeoutMs: 1_000,
      },
    ],
    scenarios: [{ id: 'scenario-1', name: 'One call', source: '{}' }],
    settings,
  };
}

/** A stored envelope as saveWorkspace writes it, for any workspace value and version. */
export function savedText(workspace: unknown, version = 1): string {
  return JSON.stringify({ version, savedAt: '2025-06-01T00:00:00.000Z', workspace });
}

/** A storage whose `method` always throws `error` (disabled storage, a full quota). */
export function storageWithBrokenCall(method: 'getItem' | 'setItem', error: Error, inner: StorageLike = new MemoryStorage()): StorageLike {
  return new Proxy(inner, {
    get(target, property) {
      if (property === method) {
        return () => {
          throw error;
        };
      }
      // Private fields need the real object as `this`.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
