import { defaultDiscoveryLimit, defaultKillGraceMs, defaultTimeoutStrategy } from '../../../core/index.ts';
import { numberRule } from '../../../workspace/number-rule.ts';
import { overrideHint, type SettingOverrides } from '../../../workspace/setting-overrides.ts';
import {
  killGraceMsSchema,
  retrySettingsSchema,
  runSettingsSchema,
  toolSelectionLimitSchema,
  type RunSettings,
} from '../../../workspace/workspace-schema.ts';
import { AllowlistField } from './AllowlistField.tsx';
import { NumberField } from '../../elements/NumberField.tsx';
import { TimeoutStrategyField } from '../../elements/TimeoutStrategyField.tsx';

interface RunSettingsFormProps {
  settings: RunSettings;
  /** The enabled tools that set their own value: the run's is then only their default. */
  overrides?: SettingOverrides | undefined;
  onChange(patch: Partial<RunSettings>): void;
}

const rules = {
  concurrency: numberRule(runSettingsSchema.shape.concurrency),
  timeoutMs: numberRule(runSettingsSchema.shape.timeoutMs),
  maxAttempts: numberRule(retrySettingsSchema.shape.maxAttempts),
  baseDelayMs: numberRule(retrySettingsSchema.shape.baseDelayMs),
  maxDelayMs: numberRule(retrySettingsSchema.shape.maxDelayMs),
  maxIterations: numberRule(runSettingsSchema.shape.maxIterations),
  killGraceMs: numberRule(killGraceMsSchema),
  toolSelectionLimit: numberRule(toolSelectionLimitSchema),
};

export function RunSettingsForm({ settings, overrides, onChange }: RunSettingsFormProps) {
  const retry = settings.retry;
  const hint = (setting: keyof SettingOverrides) => overrideHint(overrides?.[setting] ?? []);
  const strategy = settings.timeoutStrategy ?? defaultTimeoutStrategy;
  const selection = settings.toolSelection ?? { strategy: 'all', limit: defaultDiscoveryLimit };
  return (
    <form className="settings-form" aria-label="Run settings" onSubmit={(event) => event.preventDefault()}>
      <NumberField
        label="Concurrency limit"
        value={settings.concurrency}
        rule={rules.concurrency}
        nullLabel="unlimited"
        onChange={(concurrency) => onChange({ concurrency })}
      />
      <NumberField
        label="Default timeout (ms)"
        value={settings.timeoutMs}
        rule={rules.timeoutMs}
        step={100}
        hint={hint('timeoutMs')}
        onChange={(timeoutMs) => timeoutMs !== null && onChange({ timeoutMs })}
      />
      <TimeoutStrategyField
        label="Timeout strategy"
        value={strategy}
        hint={hint('timeoutStrategy')}
        onChange={(timeoutStrategy) => onChange({ timeoutStrategy })}
      />
      {strategy === 'abort-then-kill' && (
        <NumberField
          label="Kill grace (ms)"
          value={settings.killGraceMs ?? defaultKillGraceMs}
          rule={rules.killGraceMs}
          step={500}
          hint={hint('killGraceMs')}
          onChange={(killGraceMs) => killGraceMs !== null && onChange({ killGraceMs })}
        />
      )}
      <NumberField
        label="Max attempts"
        value={retry.maxAttempts}
        rule={rules.maxAttempts}
        hint={hint('maxAttempts')}
        onChange={(maxAttempts) => maxAttempts !== null && onChange({ retry: { ...retry, maxAttempts } })}
      />
      <NumberField
        label="Base delay (ms)"
        value={retry.baseDelayMs}
        rule={rules.baseDelayMs}
        hint={hint('baseDelayMs')}
        step={100}
        onChange={(baseDelayMs) => baseDelayMs !== null && onChange({ retry: { ...retry, baseDelayMs } })}
      />
      <NumberField
        label="Max delay (ms)"
        value={retry.maxDelayMs}
        rule={rules.maxDelayMs}
        hint={hint('maxDelayMs')}
        step={100}
        onChange={(maxDelayMs) => maxDelayMs !== null && onChange({ retry: { ...retry, maxDelayMs } })}
      />
      <NumberField
        label="Max iterations"
        value={settings.maxIterations}
        rule={rules.maxIterations}
        onChange={(maxIterations) => maxIterations !== null && onChange({ maxIterations })}
      />
      <label className="number-field">
        <span>Offer tools</span>
        <select
          aria-label="Offer tools"
          value={selection.strategy}
          title="Top-k: each turn offers the tools discovery ranks highest for the user's latest message"
          onChange={(event) =>
            onChange({ toolSelection: { ...selection, strategy: event.target.value === 'discover' ? 'discover' : 'all' } })
          }
        >
          <option value="all">all</option>
          <option value="discover">top-k by discovery</option>
        </select>
      </label>
      {selection.strategy === 'discover' && (
        <NumberField
          label="Tools offered (k)"
          value={selection.limit}
          rule={rules.toolSelectionLimit}
          onChange={(limit) => limit !== null && onChange({ toolSelection: { ...selection, limit } })}
        />
      )}
      <AllowlistField origins={settings.fetchAllowlist} onChange={(fetchAllowlist) => onChange({ fetchAllowlist })} />
    </form>
  );
}
