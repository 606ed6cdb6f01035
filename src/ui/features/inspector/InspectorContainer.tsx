import { useMemo } from 'react';
import { inspectCall, type TimelineModel } from '../../../trace/index.ts';
import { CallInspector } from './CallInspector.tsx';
import { ModelCallInspector } from './ModelCallInspector.tsx';
import { useAppStore } from '../../store-context.tsx';

interface InspectorContainerProps {
  model: TimelineModel;
  /** A call's key or `model:<index>`. */
  selectedKey: string | null;
  onClose(): void;
}

/** The selected call (or model call) in detail; reads the conversation for what the model was sent. */
export function InspectorContainer({ model, selectedKey, onClose }: InspectorContainerProps) {
  const messages = useAppStore((state) => state.conversation.messages);
  const call = useMemo(
    () => (selectedKey ? model.calls.find((candidate) => candidate.key === selectedKey) : undefined),
    [model, selectedKey],
  );
  const inspection = useMemo(() => (call ? inspectCall(call, messages) : null), [call, messages]);
  if (selectedKey?.startsWith('model:')) {
    const modelRow = model.rows[0]?.kind === 'model' ? model.rows[0] : undefined;
    const record = modelRow?.calls[Number(selectedKey.slice('model:'.length))];
    if (record) return <ModelCallInspector record={record} origin={model.start} onClose={onClose} />;
  }
  if (!call || !inspection) {
    return (
      <section className="inspector empty" aria-label="Inspector">
        <p className="hint">
          Select a call in the chart or the table to see its arguments, attempts, logs, result and what the model read.
        </p>
      </section>
    );
  }
  return <CallInspector call={call} inspection={inspection} origin={model.start} onClose={onClose} />;
}
