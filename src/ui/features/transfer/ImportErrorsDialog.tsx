import type { ImportError } from '../../../workspace/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';

interface ImportErrorsDialogProps {
  fileName: string;
  errors: ImportError[];
  onClose(): void;
}

export function ImportErrorsDialog({ fileName, errors, onClose }: ImportErrorsDialogProps) {
  return (
    <Dialog
      title={`Could not import ${fileName}`}
      onClose={onClose}
      actions={
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>Your workspace was not changed. The file has these problems:</p>
      <ul className="summary-list" aria-label="Import errors">
        {errors.map((error, index) => (
          <li key={index}>
            {error.line !== undefined && (
              <span className="problem-location">
                line {error.line}
                {error.column !== undefined ? `:${error.column}` : ''}{' '}
              </span>
            )}
            {error.path && <code>{error.path}</code>} {error.message}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
