import { formatDuration, type ModelCallRecord } from '../../../trace/index.ts';

interface ModelCallInspectorProps {
  record: ModelCallRecord;
  origin: number;
  onClose(): void;
}

export function ModelCallInspector({ record, origin, onClose }: ModelCallInspectorProps) {
  return (
    <section className="inspector" aria-label="Inspector">
      <h3>
        Model call <span className="hint">iteration {record.iteration}</span>
        <button type="button" className="close" onClick={onClose} aria-label="Close inspector">
          ×
        </button>
      </h3>
      <dl className="facts">
        <dt>Model</dt>
        <dd>{record.modelId || 'unknown'}</dd>
        <dt>Started</dt>
        <dd>{formatDuration(record.start - origin)}</dd>
        <dt>Latency</dt>
        <dd>{record.open ? 'waiting…' : formatDuration(record.latencyMs ?? (record.end ?? record.start) - record.start)}</dd>
        <dt>Messages sent</dt>
        <dd>{record.messageCount}</dd>
        {record.finishReason && (
          <>
            <dt>Finish reason</dt>
            <dd>{record.finishReason}</dd>
          </>
        )}
        {record.toolCallCount !== undefined && (
          <>
            <dt>Tool calls asked</dt>
            <dd>{record.toolCallCount}</dd>
          </>
        )}
        {record.usage && (
          <>
            <dt>Tokens</dt>
            <dd>
              {record.usage.inputTokens} in · {record.usage.outputTokens} out
            </dd>
          </>
        )}
      </dl>
      {record.error && <p className="error-message">{record.error.message}</p>}
    </section>
  );
}
