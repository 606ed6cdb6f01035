import type { GeneratedCode } from '../../../tool-export/index.ts';
import { LazyCodeEditor } from '../../elements/monaco/LazyCodeEditor.tsx';
import { CopyButton } from '../../elements/CopyButton.tsx';

interface ExportPreviewProps {
  code: GeneratedCode;
  onDownload(code: GeneratedCode): void;
}

/** The generated file, read-only in Monaco, with Copy and Download. */
export function ExportPreview({ code, onDownload }: ExportPreviewProps) {
  return (
    <div className="export-preview">
      <div className="export-preview-toolbar">
        <code className="export-file-name">{code.fileName}</code>
        {code.notes.length > 0 && (
          <span className="hint">
            {code.notes.length} difference{code.notes.length === 1 ? '' : 's'} from Toolscope, listed at the top
          </span>
        )}
        <span className="spacer" />
        <CopyButton text={code.text} what="exported code" />
        <button type="button" onClick={() => onDownload(code)}>
          Download file
        </button>
      </div>
      <div className="export-preview-editor">
        <LazyCodeEditor
          ariaLabel="Exported code"
          path={`inmemory://toolscope/export/${code.fileName}`}
          language={code.language === 'typescript' ? 'typescript-preview' : code.language}
          value={code.text}
          readOnly
        />
      </div>
    </div>
  );
}
