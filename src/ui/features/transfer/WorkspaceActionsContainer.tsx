import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  decodeShareLink,
  encodeShareLink,
  exportWorkspace,
  hasSharedWorkspace,
  importWorkspace,
  summarizeWorkspace,
  type DecodedShareLink,
  type ImportError,
  type Workspace,
  type WorkspaceSummary,
} from '../../../workspace/index.ts';
import { ImportErrorsDialog } from './ImportErrorsDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { SharedWorkspaceDialog } from './SharedWorkspaceDialog.tsx';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

type OpenDialog =
  | { kind: 'share'; url: string; warning?: string }
  | { kind: 'import-errors'; fileName: string; errors: ImportError[] }
  | { kind: 'shared-link'; link: Extract<DecodedShareLink, { ok: true }> }
  | { kind: 'import-consent'; fileName: string; workspace: Workspace; summary: WorkspaceSummary; migratedFrom?: number };

/**
 * Runs `apply` in a task of its own once the closed dialog has been drawn: putting a new workspace on
 * screen re-renders every panel and swaps the editors' models, and done inside the click it held the
 * frame that closes the dialog too (issue 28: opening a shared workspace left the page without a frame).
 */
function afterDialogCloses(apply: () => void) {
  requestAnimationFrame(() => setTimeout(apply, 0));
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const anchor = Object.assign(document.createElement('a'), { href: url, download: fileName });
  anchor.click();
  URL.revokeObjectURL(url);
}

/** Export, Import and Share, plus the check for a shared workspace in the URL when the app opens. */
export function WorkspaceActionsContainer() {
  const store = useAppStoreApi();
  const { replaceWorkspace, notify } = useAppStore(
    useShallow((state) => ({ replaceWorkspace: state.replaceWorkspace, notify: state.notify })),
  );
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!hasSharedWorkspace(window.location.hash)) return;
    void decodeShareLink(window.location.hash, store.getState().workspace).then((link) => {
      if (link.ok) setDialog({ kind: 'shared-link', link });
      else notify({ level: 'error', message: `The shared link could not be opened: ${link.message}` });
    });
  }, [store, notify]);

  const clearHash = () => history.replaceState(null, '', window.location.pathname + window.location.search);

  const share = async () => {
    const encoded = await encodeShareLink(store.getState().workspace, window.location.origin + window.location.pathname);
    if (encoded.ok) setDialog({ kind: 'share', url: encoded.url, warning: encoded.warning });
    else notify({ level: 'error', message: `Could not make a share link: ${encoded.message}` });
  };

  const importFile = async (file: File) => {
    const result = importWorkspace(await file.text());
    if (!result.ok) {
      setDialog({ kind: 'import-errors', fileName: file.name, errors: result.errors });
      return;
    }
    // Asked first, as a share link is: a file can point the model elsewhere and widen the allowlist.
    const summary = summarizeWorkspace(result.workspace, store.getState().workspace, 'file');
    setDialog({ kind: 'import-consent', fileName: file.name, workspace: result.workspace, summary, migratedFrom: result.migratedFrom });
  };

  return (
    <div className="workspace-actions">
      <button type="button" onClick={() => download('toolscope-workspace.json', exportWorkspace(store.getState().workspace))}>
        Export
      </button>
      <button type="button" onClick={() => fileInput.current?.click()}>
        Import
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Workspace file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <button type="button" onClick={() => void share()}>
        Share
      </button>
      {dialog?.kind === 'share' && <ShareDialog url={dialog.url} warning={dialog.warning} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'import-errors' && (
        <ImportErrorsDialog fileName={dialog.fileName} errors={dialog.errors} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import-consent' && (
        <SharedWorkspaceDialog
          summary={dialog.summary}
          carrier={{ kind: 'file', fileName: dialog.fileName }}
          onAccept={() => {
            setDialog(null);
            afterDialogCloses(() => {
              replaceWorkspace(dialog.workspace);
              const upgraded = dialog.migratedFrom !== undefined ? ` (upgraded from version ${dialog.migratedFrom})` : '';
              notify({ level: 'info', message: `Imported ${dialog.fileName}${upgraded}.` });
            });
          }}
          onReject={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'shared-link' && (
        <SharedWorkspaceDialog
          summary={dialog.link.summary}
          carrier={{ kind: 'link' }}
          onAccept={() => {
            setDialog(null);
            // The link stays in the address until its workspace is in (a reload meanwhile asks again).
            afterDialogCloses(() => {
              replaceWorkspace(dialog.link.workspace);
              clearHash();
              notify({ level: 'info', message: 'Opened the shared workspace.' });
            });
          }}
          onReject={() => {
            clearHash();
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
