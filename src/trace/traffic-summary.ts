// One line per JSON-RPC message for the inspector's traffic list: what it was (request, notification,
// answer, error), its id, and the detail that matters for the call (progress, the cancel reason).

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function progressText(params: Record<string, unknown>): string {
  const progress = params.progress;
  const total = params.total;
  const amount = typeof total === 'number' ? `${String(progress)}/${total}` : String(progress);
  return typeof params.message === 'string' ? `${amount} ${params.message}` : amount;
}

export function summarizeTrafficMessage(message: unknown): string {
  const fields = record(message);
  if (!fields) return typeof message === 'string' ? message : 'message';
  const id = fields.id === undefined ? '' : ` #${String(fields.id)}`;
  const params = record(fields.params) ?? {};
  if (typeof fields.method === 'string') {
    if (fields.method === 'notifications/progress') return `notifications/progress ${progressText(params)}`;
    if (fields.method === 'notifications/cancelled') {
      const reason = typeof params.reason === 'string' ? ` (${params.reason})` : '';
      return `notifications/cancelled #${String(params.requestId)}${reason}`;
    }
    const name = typeof params.name === 'string' ? ` ${params.name}` : '';
    return `${fields.method}${id}${name}`;
  }
  const error = record(fields.error);
  if (error) return `error${id}: ${String(error.code)} ${String(error.message ?? '')}`.trim();
  const result = record(fields.result);
  if (result) return result.isError === true ? `result${id} (isError)` : `result${id}`;
  return `message${id}`;
}
