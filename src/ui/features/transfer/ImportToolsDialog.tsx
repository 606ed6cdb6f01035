import './tool-transfer.css';
import { useRef } from 'react';
import type { ImportPreview, LocatedNote } from '../../../tool-export/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';

interface ImportToolsDialogProps {
  text: string;
  onTextChange(text: string): void;
  /** What the pasted text would import; null while it is empty. */
  preview: ImportPreview | null;
  onImport(): void;
  onClose(): void;
}

/** The offset of a 1-based line and column in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

function NoteItem({ note, onReveal }: { note: LocatedNote; onReveal(note: LocatedNote): void }) {
  return (
    <li className={`problem severity-${note.severity}`}>
      <button type="button" onClick={() => onReveal(note)}>
        <span className="problem-location">
          {note.line}:{note.column}
        </span>
        <span className="problem-message">
          <code>{note.path}</code> {note.message}
        </span>
      </button>
    </li>
  );
}

/** Paste OpenAI, Anthropic or MCP definitions (or a tools/list result); see what each becomes before importing. */
export function ImportToolsDialog({ text, onTextChange, preview, onImport, onClose }: ImportToolsDialogProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const importable = preview?.candidates.filter((candidate) => candidate.importable) ?? [];
  const reveal = (note: LocatedNote) => {
    const target = area.current;
    if (!target) return;
    const start = offsetOf(text, note.line, note.column);
    const lineEnd = text.indexOf('\n', start);
    target.focus();
    target.setSelectionRange(start, lineEnd === -1 ? text.length : lineEnd);
  };
  return (
    <Dialog
      title="Import tool definitions"
      className="wide import-dialog"
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={importable.length === 0} onClick={onImport}>
            {importable.length === 1 ? 'Import 1 tool' : `Import ${importable.length} tools`}
          </button>
        </>
      }
    >
      <p className="hint">
        Paste an OpenAI, Anthropic or MCP tool definition, a list of them, or a whole <code>tools/list</code> result. Each tool gets a zod
        schema written from its JSON Schema and a stub that answers with a sample result.
      </p>
      <textarea
        ref={area}
        aria-label="Tool definitions to import"
        rows={12}
        spellCheck={false}
        value={text}
        placeholder='{"tools": [{"name": "get_time", "description": "…", "inputSchema": {"type": "object", "properties": {}}}]}'
        onChange={(event) => onTextChange(event.target.value)}
      />
      {preview && (
        <div className="import-preview" aria-label="What will be imported">
          {preview.problems.length > 0 && (
            <ul className="import-notes">
              {preview.problems.map((note, index) => (
                <NoteItem key={index} note={note} onReveal={reveal} />
              ))}
            </ul>
          )}
          <ul className="import-candidates">
            {preview.candidates.map((candidate, index) => {
              const errors = candidate.notes.filter((note) => note.severity === 'error').length;
              const warnings = candidate.notes.filter((note) => note.severity === 'warning').length;
              const status = !candidate.importable
                ? `not imported: ${errors} error${errors === 1 ? '' : 's'}`
                : warnings > 0
                  ? `ready, ${warnings} approximation${warnings === 1 ? '' : 's'}`
                  : 'ready';
              return (
                <li key={index} className={candidate.importable ? 'candidate' : 'candidate rejected'}>
                  <span className="candidate-name">{candidate.name || '(no name)'}</span> <span className="hint">{candidate.format}</span>{' '}
                  <span className={candidate.importable ? 'candidate-status' : 'candidate-status error-text'}>{status}</span>
                  {candidate.notes.length > 0 && (
                    <ul className="import-notes">
                      {candidate.notes.map((note, noteIndex) => (
                        <NoteItem key={noteIndex} note={note} onReveal={reveal} />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
