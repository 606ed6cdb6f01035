import type { ToolSource } from './workspace-schema.ts';
import { TOOL_NAME_PATTERN } from './workspace-version.ts';
import type { Result } from '../core/index.ts';

export type NameCheck = Result;

/** Whether `name` may be given to the tool `toolId` (pass undefined for a new tool). */
export function checkToolName(name: string, tools: readonly ToolSource[], toolId?: string): NameCheck {
  if (!TOOL_NAME_PATTERN.test(name)) {
    return { ok: false, message: 'Use 1–64 letters, digits, "_" or "-" (the providers reject anything else).' };
  }
  if (tools.some((tool) => tool.name === name && tool.id !== toolId)) {
    return { ok: false, message: `A tool named "${name}" already exists; names must be unique.` };
  }
  return { ok: true };
}

/** `base`, or `base_2`, `base_3`… : the first name not yet taken, kept within 64 characters. */
export function uniqueToolName(base: string, tools: readonly ToolSource[]): string {
  const taken = new Set(tools.map((tool) => tool.name));
  if (!taken.has(base)) return base;
  for (let counter = 2; ; counter++) {
    const suffix = `_${counter}`;
    const candidate = base.slice(0, 64 - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
