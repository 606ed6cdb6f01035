// What the app knows about an MCP server and its tools. Plain data, free of the SDK, so the store and the
// UI can hold it without loading the MCP client (which loads lazily, on the first connect).

/** The behaviour hints of a tool (MCP ToolAnnotations); a client must not trust them for safety. */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface McpToolDefinition {
  name: string;
  title?: string;
  description: string;
  /** As the server listed it (normally a JSON Schema object). */
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations: McpToolAnnotations;
  /** How the tool runs: as a task (MCP tasks) required, optional or forbidden. */
  execution?: { taskSupport?: 'required' | 'optional' | 'forbidden' };
  /** Why the tool cannot be offered (an inputSchema that is not valid JSON Schema, a name models refuse). */
  problem?: string;
}

export type McpTransportKind = 'streamable-http' | 'sse' | 'in-memory';

export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
  /** The version both sides agreed on in initialize. */
  protocolVersion?: string;
  capabilities: Record<string, unknown>;
  instructions?: string;
  transport: McpTransportKind;
}

/** Tools that appeared, went or changed definition when the server said its list changed. */
export interface McpToolListChange {
  added: string[];
  removed: string[];
  changed: string[];
}

/** One JSON-RPC message of a connection, for its log (calls keep their own traffic on the timeline). */
export interface McpLogEntry {
  at: number;
  direction: 'sent' | 'received';
  message: unknown;
}

export function describeToolListChange(change: McpToolListChange): string {
  const parts = [
    change.added.length > 0 ? `added ${change.added.join(', ')}` : '',
    change.removed.length > 0 ? `removed ${change.removed.join(', ')}` : '',
    change.changed.length > 0 ? `changed ${change.changed.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'no tool changed';
}

/** Retried only when the server says a repeat is harmless, and never when it says the tool destroys. */
export function isRetrySafe(annotations: McpToolAnnotations): boolean {
  if (annotations.destructiveHint === true && annotations.readOnlyHint !== true) return false;
  return annotations.idempotentHint === true || annotations.readOnlyHint === true;
}

/** Who asked: the server, and the tool call the request came in (when it could be told). */
export interface McpRequestOrigin {
  serverLabel: string;
  toolName?: string;
}

/** A server's `elicitation/create` in form mode: a message and a flat object schema of fields. */
export interface McpElicitationRequest extends McpRequestOrigin {
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
}

export type McpElicitationValue = string | number | boolean | string[];

/** accept (with the form's values), decline (the person said no), cancel (dismissed without choosing). */
export type McpElicitationAnswer =
  { action: 'accept'; content: Record<string, McpElicitationValue> } | { action: 'decline' } | { action: 'cancel' };

/** A server's `sampling/createMessage`, reduced to what a model is asked. */
export interface McpSamplingRequest extends McpRequestOrigin {
  messages: { role: 'user' | 'assistant'; text: string }[];
  systemPrompt?: string;
  maxTokens: number;
}

export interface McpSamplingAnswer {
  text: string;
  model: string;
  stopReason: 'endTurn' | 'maxTokens' | 'stopSequence' | string;
  /** The tokens the model used, drawn on the call's nested model bar. */
  usage?: { inputTokens: number; outputTokens: number };
}

/** Says the call now waits on the person, until the function returned is called. */
export interface McpPersonWait {
  asking(message: string): () => void;
}

/**
 * What a server may ask the client during a call. The app answers through the person (a form) and the
 * chosen model; a missing handler means the capability is not declared.
 */
export interface McpServerRequestHandlers {
  elicit?(request: McpElicitationRequest, signal: AbortSignal): Promise<McpElicitationAnswer>;
  /** `person.asking` marks a question to the person on the way (consent for a real provider): the call's deadline stands still meanwhile. */
  sample?(request: McpSamplingRequest, signal: AbortSignal, person?: McpPersonWait): Promise<McpSamplingAnswer>;
}
