import type { ModelToolCall } from '../../../llm/index.ts';

interface EditableCallsProps {
  calls: ModelToolCall[];
  onChange(calls: ModelToolCall[]): void;
}

/** The calls of a paused tool batch: name and arguments of each, remove one, add one. */
export function EditableCalls({ calls, onChange }: EditableCallsProps) {
  const update = (index: number, patch: Partial<ModelToolCall>) =>
    onChange(calls.map((call, at) => (at === index ? { ...call, ...patch } : call)));
  const invalid = (text: string) => {
    if (text.trim() === '') return false;
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  };
  return (
    <ol className="editable-calls" aria-label="Calls about to run">
      {calls.map((call, index) => (
        <li key={index}>
          <input
            aria-label={`Tool of call ${index + 1}`}
            value={call.name}
            onChange={(event) => update(index, { name: event.target.value })}
          />
          <textarea
            aria-label={`Arguments of call ${index + 1}`}
            rows={2}
            value={call.arguments}
            onChange={(event) => update(index, { arguments: event.target.value })}
          />
          <button type="button" aria-label={`Remove call ${index + 1}`} onClick={() => onChange(calls.filter((_, at) => at !== index))}>
            Remove
          </button>
          {invalid(call.arguments) && (
            <span className="field-error">Not valid JSON: the executor will answer invalid_arguments, as it would for a model.</span>
          )}
        </li>
      ))}
      <li>
        <button type="button" onClick={() => onChange([...calls, { id: '', name: calls[0]?.name ?? '', arguments: '{}' }])}>
          Add call
        </button>
      </li>
    </ol>
  );
}
