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
import type { WaitDetail, WaitReason } from '../../core/index.ts';
import type { McpElicitationAnswer, McpElicitationRequest, McpSamplingAnswer, McpServerRequestHandlers } from '../mcp-types.ts';

/** The call a server request came in, as far as the connection can tell. */
export interface RequestingCall {
  toolName: string;
  signal: AbortSignal;
  note(message: string): void;
  /** The call waits on the person (its deadline stands still) or a model, until the function returned is called. */
  wait(on: WaitReason, detail?: WaitDetail): (end?: WaitDetail) => void;
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
      const waiting = `Waiting for you: ${params.message}`;
      call?.note(waiting);
      // The person's time is not the tool's: the call's deadline stands still until the form is answered.
      const answered = call?.wait('user', { message: waiting });
      let answer: McpElicitationAnswer | undefined;
      try {
        answer = await elicit(asked, eitherSignal(extra.signal, call?.signal));
      } finally {
        const words = answerWords(answer);
        answered?.({ message: words });
        call?.note(words);
      }
      return answer;
    });
  if (sample)
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
      const { params } = request;
      const call = context.callOf(extra.requestId);
      const asking = 'The server asked the model (sampling/createMessage).';
      call?.note(asking);
      const sampled = call?.wait('model', { message: asking });
      let answer: McpSamplingAnswer | undefined;
      try {
        answer = await sample(
          {
            serverLabel: context.serverLabel(),
            ...(call ? { toolName: call.toolName } : {}),
            messages: params.messages.map((message) => ({ role: message.role, text: textOf(message.content) })),
            ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
            maxTokens: params.maxTokens,
          },
          eitherSignal(extra.signal, call?.signal),
          { asking: (message) => call?.wait('user', { message }) ?? (() => {}) },
        );
      } finally {
        sampled?.(
          answer ? { model: answer.model, ...(answer.usage ? { usage: answer.usage } : {}) } : { message: 'The model did not answer.' },
        );
      }
      call?.note(`${answer.model} answered the server.`);
      return {
        role: 'assistant' as const,
        content: { type: 'text' as const, text: answer.text },
        model: answer.model,
        stopReason: answer.stopReason,
      };
    });
}

function answerWords(answer: McpElicitationAnswer | undefined): string {
  if (!answer) return 'The form was closed without an answer.';
  if (answer.action === 'accept') return 'You answered the form.';
  return answer.action === 'decline' ? 'You declined.' : 'You cancelled the form.';
}
