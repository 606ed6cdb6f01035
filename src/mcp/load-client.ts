// The MCP client (the SDK, Ajv) is ~700 kB of code the app needs only once someone connects a server:
// it is loaded on the first connect, in its own chunk.
import type * as clientModule from './client/index.ts';

export type McpClientModule = typeof clientModule;

let loading: Promise<McpClientModule> | undefined;

export function loadMcpClient(): Promise<McpClientModule> {
  loading ??= import('./client/index.ts').catch((error: unknown) => {
    // A failed download (offline, a new deploy) may succeed on the next try.
    loading = undefined;
    throw error;
  });
  return loading;
}
