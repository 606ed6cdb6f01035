import { assertToolName } from '../define-tool.ts';
import { DuplicateToolError } from '../errors.ts';
import type { Tool } from '../tool.ts';
import type { ToolVersionInfo } from './registry-types.ts';
import { routingBucket } from './routing-hash.ts';
import { ToolVersions } from './tool-versions.ts';

/** The executor's tools by name, each with its deployed versions. */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolVersions>();

  /** Registering a name twice is a programming error, so it throws instead of silently replacing. */
  register(tool: Tool, now: number): void {
    assertToolName(tool.name);
    if (this.byName.has(tool.name)) throw new DuplicateToolError(tool.name);
    this.byName.set(tool.name, new ToolVersions(tool, now));
  }

  /** A new name is registered (100%); a known one gets a new version at 0%. */
  deploy(tool: Tool, now: number): void {
    const versions = this.byName.get(tool.name);
    if (!versions) return this.register(tool, now);
    assertToolName(tool.name);
    versions.deploy(tool, now);
  }

  unregister(name: string): boolean {
    return this.byName.delete(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The stable version: what `getTool` returns and what the model is shown without a routing key. */
  get(name: string): Tool | undefined {
    return this.byName.get(name)?.stableTool;
  }

  /** The version that serves `key`. Hashes only while a canary takes traffic, so plain calls stay cheap. */
  route(name: string, key: string): Tool | undefined {
    const versions = this.byName.get(name);
    if (!versions) return undefined;
    return versions.isSplit ? versions.route(routingBucket(name, key)) : versions.stableTool;
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** Throws for an unknown name: asking about a tool that does not exist is a programming error. */
  versionsOf(name: string): ToolVersions {
    const versions = this.byName.get(name);
    if (!versions) throw new RangeError(`No tool named "${name}" is registered`);
    return versions;
  }

  listVersions(name: string): ToolVersionInfo[] {
    return this.byName.get(name)?.list() ?? [];
  }
}
