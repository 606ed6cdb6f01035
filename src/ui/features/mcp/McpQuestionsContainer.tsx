import { useAppStore } from '../../store-context.tsx';
import { Dialog } from '../../elements/Dialog.tsx';
import { McpElicitationDialog } from './McpElicitationDialog.tsx';

/** The oldest question an MCP server is waiting on, as a dialog; the others wait their turn. */
export function McpQuestionsContainer() {
  const question = useAppStore((state) => state.mcpQuestions[0]);
  const answer = useAppStore((state) => state.answerMcpQuestion);
  if (!question) return null;
  if (question.kind === 'elicitation')
    return <McpElicitationDialog key={question.id} request={question.request} onAnswer={(reply) => answer(question.id, reply)} />;
  const { request } = question;
  return (
    <Dialog
      key={question.id}
      title={`${request.serverLabel} asks to use your model`}
      onClose={() => answer(question.id, { action: 'refuse' })}
      actions={
        <>
          <button type="button" onClick={() => answer(question.id, { action: 'refuse' })}>
            Refuse
          </button>
          <button type="button" className="primary" onClick={() => answer(question.id, { action: 'allow' })}>
            Send to {question.modelLabel}
          </button>
        </>
      }
    >
      <p>
        The MCP server {request.serverLabel}
        {request.toolName ? ` (during ${request.toolName})` : ''} sent a sampling request: these messages would go to {question.modelLabel},
        on your key, and its answer back to the server.
      </p>
      {request.systemPrompt && <p className="hint">System: {request.systemPrompt}</p>}
      <pre aria-label="Sampling messages">{request.messages.map((message) => `${message.role}: ${message.text}`).join('\n')}</pre>
    </Dialog>
  );
}
