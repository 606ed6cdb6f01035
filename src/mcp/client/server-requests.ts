// What a server may ask this client during a call, and how it is answered: an elicitation (form mode) by
// the person through the app's form, a sampling request by the model the person chose, roots with an
// empty list (a browser has no folders to offer). The capabilities declared are exactly the handlers given.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
  type ClientCapabilities,
  type CreateMessageRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpElicitationRequest, McpServerRequestHandlers } from '../mcp-types.ts';

/** The call a server request came in, as far as the connection can tell. */
export interface RequestingCall {
  toolName: string;
  signal: AbortSignal;
  note(message: string): void;
}

export function clientCapabilities(handlers: McpServerRequestHandlers | undefined): ClientCapabilities {
  return {
    roots: {},
    // applyDefaults: the SDK also fills in any default the answer left out (SEP-1034); the form starts with them.
    ...(handlers?.elicit ? { elicitation: { form: { applyDefaults: true } } } : {}),
    ...(handlers?.sample ? { sampling: {} } : {}),
  };
}

/** One signal that ends when the server cancels its request or the call it came in ends. */
function eitherSignal(first: AbortSignal, second: AbortSignal | undefined): AbortSignal {
  if (!second) return first;
  const controller = new AbortController();
  const forward = (signal: AbortSignal) => () => controller.abort(signal.reason);
  for (const signal of [first, second])
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', forward(signal), { once: true });
  return controller.signal;
}

function textOf(content: CreateMessageRequest['params']['messages'][number]['content']): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type} content]`)).join('\n');
}

export function installServerRequests(
  client: Client,
  handlers: McpServerRequestHandlers | undefined,
  context: { serverLabel(): string; callOf(requestId: string | number): RequestingCall | undefined },
): void {
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
  const { elicit, sample } = handlers ?? {};
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const { params } = request;
      if (params.mode === 'url') throw new McpError(ErrorCode.InvalidParams, 'This client answers form-mode elicitations only.');
      const call = context.callOf(extra.requestId);
      const asked: McpElicitationRequest = {
        serverLabel: context.serverLabel(),
        ...(call ? { toolName: call.toolName } : {}),
        message: params.message,
        requestedSchema: params.requestedSchema as McpElicitationRequest['requestedSchema'],
      };
      call?.note(`Waiting for you: ${params.message}`);
      const answer = await elicit(asked, eitherSignal(extra.signal, call?.signal));
      call?.note(
        answer.action === 'accept' ? 'You answered the form.' : answer.action === 'decline' ? 'You declined.' : 'You cancelled the form.',
      );
      return answer;
    });
  if (sample)
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
      const { params } = request;
      const call = context.callOf(extra.requestId);
      call?.note('The server asked the model (sampling/createMessage).');
      const answer = await sample(
        {
          serverLabel: context.serverLabel(),
          ...(call ? { toolName: call.toolName } : {}),
          messages: params.messages.map((message) => ({ role: message.role, text: textOf(message.content) })),
          ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
          maxTokens: params.maxTokens,
        },
        eitherSignal(extra.signal, call?.signal),
      );
      call?.note(`${answer.model} answered the server.`);
      return {
        role: 'assistant' as const,
        content: { type: 'text' as const, text: answer.text },
        model: answer.model,
        stopReason: answer.stopReason,
      };
    });
}
