// The save format's version and the tool name rule, apart from the zod schema (workspace-schema.ts)
// so the first paint can use them without loading zod (issue 30).

export const WORKSPACE_VERSION = 3;

/** Names the providers accept for a tool (OpenAI's rule; Anthropic's is the same set). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
