// What MCP servers ask the person mid-call, one question at a time on screen: an elicitation form, or
// consent before a server's sampling request goes to a real provider (the mock needs none). Each
// question ends when the person answers, or when its call ends first (Stop, the deadline), so a
// dialog never outlives the call that asked and a call never waits on a dialog that is gone.
import type { McpElicitationAnswer, McpElicitationRequest, McpSamplingRequest, McpServerRequestHandlers } from '../mcp/index.ts';
import type { ApiKeyStore } from '../llm/index.ts';
import { newId } from '../workspace/new-id.ts';
import type { ProviderSettings } from '../workspace/workspace-schema.ts';
import { answerSampling, samplingModel } from './mcp-sampling.ts';

export type McpQuestion =
  | { id: string; kind: 'elicitation'; request: McpElicitationRequest }
  | { id: string; kind: 'sampling'; request: McpSamplingRequest; modelLabel: string };

export type McpQuestionAnswer = McpElicitationAnswer | { action: 'allow' } | { action: 'refuse' };

interface Desk {
  questions: readonly McpQuestion[];
  publish(questions: readonly McpQuestion[]): void;
  provider(): ProviderSettings;
}

export function createQuestionDesk(desk: Desk, apiKeys: ApiKeyStore) {
  const waiting = new Map<string, (answer: McpQuestionAnswer) => void>();
  let questions = desk.questions;
  const update = (next: readonly McpQuestion[]) => {
    questions = next;
    desk.publish(next);
  };

  function ask(question: McpQuestion, signal: AbortSignal): Promise<McpQuestionAnswer> {
    return new Promise((resolve, reject) => {
      const finish = () => {
        waiting.delete(question.id);
        signal.removeEventListener('abort', abandoned);
        update(questions.filter((candidate) => candidate.id !== question.id));
      };
      const abandoned = () => (finish(), reject(signal.reason));
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', abandoned, { once: true });
      waiting.set(question.id, (answer) => (finish(), resolve(answer)));
      update([...questions, question]);
    });
  }

  const handlers: McpServerRequestHandlers = {
    async elicit(request, signal) {
      const answer = await ask({ id: newId(), kind: 'elicitation', request }, signal);
      return answer.action === 'allow' || answer.action === 'refuse' ? { action: 'cancel' } : answer;
    },
    async sample(request, signal, person) {
      const provider = desk.provider();
      const model = samplingModel(provider, apiKeys.get(provider.kind));
      if (provider.kind !== 'mock') {
        const asked = person?.asking(`Waiting for you: may ${model.label} answer the server?`);
        const answer = await ask({ id: newId(), kind: 'sampling', request, modelLabel: model.label }, signal).finally(() => asked?.());
        if (answer.action !== 'allow') throw new Error('The person refused to send the server’s sampling request to the model.');
      }
      return answerSampling(model, request, signal);
    },
  };

  return {
    handlers,
    answer(questionId: string, answer: McpQuestionAnswer): void {
      waiting.get(questionId)?.(answer);
    },
  };
}
