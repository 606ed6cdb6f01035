// Which enabled tools set their own value for a run setting: the run's value is only a default for the
// others, and the settings form says so ("overridden by 2 tools") instead of implying it applies to all.
import type { ToolSource } from './workspace-schema.ts';

export type OverridableSetting = 'timeoutMs' | 'timeoutStrategy' | 'killGraceMs' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs';

/** Per setting, the names of the enabled tools that override it. */
export type SettingOverrides = Record<OverridableSetting, string[]>;

const readers: Record<OverridableSetting, (tool: ToolSource) => unknown> = {
  timeoutMs: (tool) => tool.timeoutMs,
  timeoutStrategy: (tool) => tool.timeoutStrategy,
  killGraceMs: (tool) => tool.killGraceMs,
  maxAttempts: (tool) => tool.retry?.maxAttempts,
  baseDelayMs: (tool) => tool.retry?.baseDelayMs,
  maxDelayMs: (tool) => tool.retry?.maxDelayMs,
};

export function settingOverrides(tools: readonly ToolSource[]): SettingOverrides {
  const enabled = tools.filter((tool) => tool.enabled);
  const entries = Object.entries(readers).map(([setting, read]) => [
    setting,
    enabled.filter((tool) => read(tool) !== undefined).map((tool) => tool.name),
  ]);
  return Object.fromEntries(entries) as SettingOverrides;
}

/** "overridden by 3 tools" with the names as its longer form; nothing when no tool overrides it. */
export function overrideHint(names: readonly string[]): { text: string; title: string } | undefined {
  if (names.length === 0) return undefined;
  return {
    text: `overridden by ${names.length} ${names.length === 1 ? 'tool' : 'tools'}`,
    title: `Set per tool (Tool settings) for: ${names.join(', ')}`,
  };
}
