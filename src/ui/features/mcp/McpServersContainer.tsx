import { McpQuestionsContainer } from './McpQuestionsContainer.tsx';
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { labelOf } from '../../../mcp/index.ts';
import { McpConnectDialog, type McpConnectForm } from './McpConnectDialog.tsx';
import { McpServerDetails } from './McpServerDetails.tsx';
import { McpServerList } from './McpServerList.tsx';
import { mcpListItems } from './mcp-list-items.ts';
import { useAppStore } from '../../store-context.tsx';

type OpenDialog = { kind: 'connect'; serverId?: string } | { kind: 'details'; serverId: string } | null;

const emptyForm: McpConnectForm = { url: '', headers: [], bearerToken: '', rememberSecrets: false };
const noServers: never[] = [];

export function McpServersContainer() {
  const saved = useAppStore((state) => state.workspace.mcpServers ?? noServers);
  const states = useAppStore((state) => state.mcpStates);
  const tools = useAppStore((state) => state.mcpTools);
  const health = useAppStore((state) => state.health);
  const selectedToolId = useAppStore((state) => state.selectedToolId);
  const actions = useAppStore(
    useShallow((state) => ({
      connect: state.connectMcpServer,
      reconnect: state.reconnectMcpServer,
      disconnect: state.disconnectMcpServer,
      remove: state.removeMcpServer,
      toggle: state.setMcpToolEnabled,
      select: state.selectTool,
    })),
  );
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const items = useMemo(() => mcpListItems(saved, states, tools, health), [saved, states, tools, health]);

  const editing = dialog?.kind === 'connect' && dialog.serverId ? saved.find((server) => server.id === dialog.serverId) : undefined;
  const initialForm: McpConnectForm = editing
    ? {
        url: editing.url,
        // Secrets are never shown: a blank secret header keeps the value in memory.
        headers: [
          ...editing.headers,
          ...editing.secretHeaders.filter((name) => name.toLowerCase() !== 'authorization').map((name) => ({ name, value: '' })),
        ],
        bearerToken: '',
        rememberSecrets: false,
      }
    : emptyForm;
  const detailsState = dialog?.kind === 'details' ? states.find((state) => state.id === dialog.serverId) : undefined;
  const detailsSource = dialog?.kind === 'details' ? saved.find((server) => server.id === dialog.serverId) : undefined;

  return (
    <>
      <McpServerList
        servers={items}
        selectedToolId={selectedToolId}
        onAdd={() => setDialog({ kind: 'connect' })}
        onConnect={(serverId) =>
          void actions.reconnect(serverId).then(({ missingSecrets }) => {
            // A secret that was not remembered is gone after a reload: ask for it again.
            if (missingSecrets.length > 0) setDialog({ kind: 'connect', serverId });
          })
        }
        onDisconnect={(serverId) => void actions.disconnect(serverId)}
        onDetails={(serverId) => setDialog({ kind: 'details', serverId })}
        onSelectTool={actions.select}
        onToggleTool={actions.toggle}
      />
      <McpQuestionsContainer />
      {dialog?.kind === 'connect' && (
        <McpConnectDialog
          initial={initialForm}
          keptSecrets={editing?.secretHeaders ?? []}
          onClose={() => setDialog(null)}
          onConnect={async (form) => {
            const state = await actions.connect({ ...form, ...(editing ? { serverId: editing.id } : {}) });
            return state.status === 'connected' ? { ok: true } : { ok: false, error: state.error ?? 'The connection did not succeed.' };
          }}
        />
      )}
      {dialog?.kind === 'details' && detailsSource && (
        <McpServerDetails
          server={
            detailsState ?? {
              id: detailsSource.id,
              url: detailsSource.url,
              status: 'disconnected',
              error: null,
              info: null,
              tools: [],
              lastChange: null,
            }
          }
          label={detailsState ? labelOf(detailsState) : detailsSource.url}
          onClose={() => setDialog(null)}
          onEdit={() => setDialog({ kind: 'connect', serverId: detailsSource.id })}
          onRemove={() => {
            setDialog(null);
            void actions.remove(detailsSource.id);
          }}
        />
      )}
    </>
  );
}
