import { useMemo, useState, type FormEvent } from 'react';
import {
  elicitationContent,
  elicitationFields,
  initialElicitationValues,
  type ElicitationField,
  type McpElicitationAnswer,
  type McpElicitationRequest,
  type McpElicitationValue,
} from '../../../mcp/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';

interface McpElicitationDialogProps {
  request: McpElicitationRequest;
  onAnswer(answer: McpElicitationAnswer): void;
}

const inputTypes: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/** A server asks the person mid-call (MCP elicitation, form mode): the form starts with the schema's defaults. */
export function McpElicitationDialog({ request, onAnswer }: McpElicitationDialogProps) {
  const fields = useMemo(() => elicitationFields(request), [request]);
  const [values, setValues] = useState<Record<string, McpElicitationValue | undefined>>(() => initialElicitationValues(fields));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: string, value: McpElicitationValue | undefined) => setValues((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = elicitationContent(fields, values);
    if (filled.ok) onAnswer({ action: 'accept', content: filled.content });
    else setProblem(filled.message);
  };
  const asker = request.toolName ? `${request.serverLabel} (during ${request.toolName})` : request.serverLabel;
  return (
    <Dialog
      title={`${request.serverLabel} asks you`}
      onClose={() => onAnswer({ action: 'cancel' })}
      actions={
        <>
          <button type="button" onClick={() => onAnswer({ action: 'cancel' })}>
            Cancel
          </button>
          <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
            Decline
          </button>
          <button type="submit" form="mcp-elicitation-form" className="primary">
            Accept
          </button>
        </>
      }
    >
      <form id="mcp-elicitation-form" className="mcp-connect-form" onSubmit={submit} noValidate>
        <p>{request.message}</p>
        <p className="hint">
          Asked by the MCP server {asker}: the call waits for your answer. Decline says no; Cancel dismisses it without choosing.
        </p>
        {fields.map((field) => (
          <FieldInput key={field.name} field={field} value={values[field.name]} onChange={(value) => set(field.name, value)} />
        ))}
        {problem && (
          <p className="run-error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: ElicitationField;
  value: McpElicitationValue | undefined;
  onChange(value: McpElicitationValue | undefined): void;
}) {
  const label = `${field.label}${field.required ? ' (required)' : ''}`;
  const hint = field.description && <span className="hint"> {field.description}</span>;
  if (field.kind === 'boolean')
    return (
      <label className="checkbox">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        {label}
        {hint}
      </label>
    );
  if (field.kind === 'choice' || field.kind === 'choices') {
    const multiple = field.kind === 'choices';
    const selected = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? value : '';
    return (
      <label>
        {label}
        {hint}
        <select
          multiple={multiple}
          value={selected}
          onChange={(event) =>
            onChange(multiple ? [...event.target.selectedOptions].map((option) => option.value) : event.target.value || undefined)
          }
        >
          {!multiple && <option value="">(none)</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const numeric = field.kind === 'number' || field.kind === 'integer';
  return (
    <label>
      {label}
      {hint}
      <input
        type={numeric ? 'number' : (inputTypes[field.format ?? ''] ?? 'text')}
        step={field.kind === 'integer' ? 1 : 'any'}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
