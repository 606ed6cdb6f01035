import { numberRule } from '../../../workspace/number-rule.ts';
import { killGraceMsSchema, retrySettingsSchema, toolSourceSchema, type ToolSource } from '../../../workspace/workspace-schema.ts';
import type { ToolPatch } from '../../../store/workspace-slice.ts';
import { NumberField } from '../../elements/NumberField.tsx';
import { TimeoutStrategyField } from '../../elements/TimeoutStrategyField.tsx';

interface ToolSettingsFormProps {
  tool: ToolSource;
  onChange(patch: ToolPatch): void;
}

const rules = {
  timeoutMs: numberRule(toolSourceSchema.shape.timeoutMs),
  maxAttempts: numberRule(retrySettingsSchema.shape.maxAttempts),
  baseDelayMs: numberRule(retrySettingsSchema.shape.baseDelayMs),
  maxDelayMs: numberRule(retrySettingsSchema.shape.maxDelayMs),
  killGraceMs: numberRule(killGraceMsSchema),
};

export function ToolSettingsForm({ tool, onChange }: ToolSettingsFormProps) {
  // A Python tool's description and idempotency are its function's (docstring, @tool(idempotent=…)).
  const python = tool.language === 'python';
  return (
    <form className="tool-settings" aria-label="Tool settings" onSubmit={(event) => event.preventDefault()}>
      {python && (
        <p className="hint">
          This Python tool's description is its docstring and its idempotency is @tool(idempotent=…): edit them in its Code.
        </p>
      )}
      <label className="stacked" hidden={python}>
        <span>Description (what the model reads to decide when to call it)</span>
        <textarea
          aria-label="Description"
          rows={3}
          value={tool.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </label>
      <NumberField
        label="Tool timeout (ms)"
        value={tool.timeoutMs ?? null}
        rule={rules.timeoutMs}
        step={100}
        nullLabel="run default"
        onChange={(timeoutMs) => onChange({ timeoutMs: timeoutMs ?? undefined })}
      />
      <TimeoutStrategyField
        label="Tool timeout strategy"
        value={tool.timeoutStrategy}
        defaultLabel="run default"
        onChange={(timeoutStrategy) => onChange({ timeoutStrategy })}
      />
      <NumberField
        label="Tool kill grace (ms)"
        value={tool.killGraceMs ?? null}
        rule={rules.killGraceMs}
        step={500}
        nullLabel="run default"
        onChange={(killGraceMs) => onChange({ killGraceMs: killGraceMs ?? undefined })}
      />
      <label className="checkbox" hidden={python}>
        <input type="checkbox" checked={tool.idempotent} onChange={(event) => onChange({ idempotent: event.target.checked })} />
        Idempotent (safe to retry automatically; leave off for tools with side effects)
      </label>
      <NumberField
        label="Tool max attempts"
        value={tool.retry?.maxAttempts ?? null}
        rule={rules.maxAttempts}
        nullLabel="run default"
        onChange={(maxAttempts) => onChange({ retry: { ...tool.retry, maxAttempts: maxAttempts ?? undefined } })}
      />
      <NumberField
        label="Tool base delay (ms)"
        value={tool.retry?.baseDelayMs ?? null}
        rule={rules.baseDelayMs}
        step={100}
        nullLabel="run default"
        onChange={(baseDelayMs) => onChange({ retry: { ...tool.retry, baseDelayMs: baseDelayMs ?? undefined } })}
      />
      <NumberField
        label="Tool max delay (ms)"
        value={tool.retry?.maxDelayMs ?? null}
        rule={rules.maxDelayMs}
        step={100}
        nullLabel="run default"
        onChange={(maxDelayMs) => onChange({ retry: { ...tool.retry, maxDelayMs: maxDelayMs ?? undefined } })}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={tool.simulateUnhealthy ?? false}
          onChange={(event) => onChange({ simulateUnhealthy: event.target.checked })}
        />
        Simulate unhealthy (its health check fails: Check health or a run then hides it from the model, and its calls come back unavailable)
      </label>
    </form>
  );
}
