// A tools/call augmented with a task (MCP tasks, SEP-1686), for a tool whose definition says
// `execution.taskSupport: "required"`: the server answers with a task at once; the SDK polls tasks/get at
// the server's pollInterval and reads tasks/result when it completes (or when it needs input, which then
// comes as an elicitation on that stream). Each status is a note on the call's bar; Stop or the deadline
// sends tasks/cancel, so the server stops working for a call nobody waits on.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';

/** How long the server keeps the task and its result once it is done. */
const taskTtlMs = 5 * 60_000;
const noTimeout = 2_147_483_647;

export interface TaskCallOptions {
  signal: AbortSignal;
  onprogress(progress: Progress): void;
  note(message: string): void;
}

export async function callToolAsTask(
  client: Client,
  params: { name: string; arguments: Record<string, unknown> },
  options: TaskCallOptions,
): Promise<CallToolResult> {
  const { signal, note } = options;
  let taskId: string | undefined;
  let finished = false;
  try {
    const stream = client.experimental.tasks.callToolStream(params, CallToolResultSchema, {
      signal,
      onprogress: options.onprogress,
      timeout: noTimeout,
      task: { ttl: taskTtlMs },
    });
    let lastStatus = '';
    for await (const message of stream) {
      if (message.type === 'taskCreated') {
        taskId = message.task.taskId;
        note(`Task ${taskId} created (${message.task.status}).`);
      } else if (message.type === 'taskStatus') {
        const words = `Task ${message.task.status}${message.task.statusMessage ? `: ${message.task.statusMessage}` : ''}`;
        if (words !== lastStatus) note(words);
        lastStatus = words;
      } else if (message.type === 'result') {
        finished = true;
        return message.result as CallToolResult;
      } else {
        finished = true;
        throw message.error;
      }
    }
    throw new Error('The task ended without a result.');
  } finally {
    // Stopped or timed out while the task runs: tell the server (best effort; the call is over either way).
    if (!finished && taskId !== undefined && signal.aborted) {
      note(`Task ${taskId} cancelled (tasks/cancel).`);
      void client.experimental.tasks.cancelTask(taskId).catch(() => {});
    }
  }
}
