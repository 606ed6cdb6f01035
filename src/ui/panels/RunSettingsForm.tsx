import { defaultDiscoveryLimit } from '../../core/index.ts';
import { numberRule } from '../../workspace/number-rule.ts';
import { retrySettingsSchema, runSettingsSchema, toolSelectionLimitSchema, type RunSettings } from '../../workspace/workspace-schema.ts';
import { AllowlistField } from './AllowlistField.tsx';
import { NumberField } from './NumberField.tsx';

interface RunSettingsFormProps {
  settings: RunSettings;
  onChange(patch: Partial<RunSettings>): void;
}

const rules = {
  concurrency: numberRule(runSettingsSchema.shape.concurrency),
  timeoutMs: numberRule(runSettingsSchema.shape.timeoutMs),
  maxAttempts: numberRule(retrySettingsSchema.shape.maxAttempts),
  baseDelayMs: numberRule(retrySettingsSchema.shape.baseDelayMs),
  maxDelayMs: numberRule(retrySettingsSchema.shape.maxDelayMs),
  maxIterations: numberRule(runSettingsSchema.shape.maxIterations),
  toolSelectionLimit: numberRule(toolSelectionLimitSchema),
};

export function RunSettingsForm({ settings, onChange }: RunSettingsFormProps) {
  const retry = settings.retry;
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
        label="Timeout (ms)"
        value={settings.timeoutMs}
        rule={rules.timeoutMs}
        step={100}
        onChange={(timeoutMs) => timeoutMs !== null && onChange({ timeoutMs })}
      />
      <NumberField
        label="Max attempts"
        value={retry.maxAttempts}
        rule={rules.maxAttempts}
        onChange={(maxAttempts) => maxAttempts !== null && onChange({ retry: { ...retry, maxAttempts } })}
      />
      <NumberField
        label="Base delay (ms)"
        value={retry.baseDelayMs}
        rule={rules.baseDelayMs}
        step={100}
        onChange={(baseDelayMs) => baseDelayMs !== null && onChange({ retry: { ...retry, baseDelayMs } })}
      />
      <NumberField
        label="Max delay (ms)"
        value={retry.maxDelayMs}
        rule={rules.maxDelayMs}
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
