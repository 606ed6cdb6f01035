import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { sampleValue } from '../../../store/arguments/sample-arguments.ts';
import { previewImport } from '../../../tool-export/transfer.ts';
import { ImportToolsDialog } from './ImportToolsDialog.tsx';
import { useAppStore } from '../../store-context.tsx';

const sample = (schema: unknown) => sampleValue(typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>) : {});

/** Import…: pasted tool definitions become tools (zod schema from their JSON Schema, a stub execute). */
export default function ImportContainer({ onClose }: { onClose(): void }) {
  const { tools, importTools, notify } = useAppStore(
    useShallow((state) => ({ tools: state.workspace.tools, importTools: state.importTools, notify: state.notify })),
  );
  const [text, setText] = useState('');
  const takenNames = useMemo(() => tools.map((tool) => tool.name), [tools]);
  const preview = useMemo(() => (text.trim() === '' ? null : previewImport(text, { takenNames, sampleValue: sample })), [text, takenNames]);

  const importReady = () => {
    const ready = preview?.candidates.filter((candidate) => candidate.importable) ?? [];
    importTools(ready);
    const skipped = (preview?.candidates.length ?? 0) - ready.length;
    notify({
      level: 'info',
      message: `Imported ${ready.map((candidate) => candidate.name).join(', ')}${skipped > 0 ? ` (${skipped} not imported: see their errors)` : ''}. Each has a stub execute: write the real code in the Code tab.`,
    });
    onClose();
  };

  return <ImportToolsDialog text={text} onTextChange={setText} preview={preview} onImport={importReady} onClose={onClose} />;
}
