// Which HTTP headers of an MCP server carry a credential, so the connect form keeps their values in the key
// store (in memory, on this device only when asked) and the workspace only names them (`secretHeaders`).
// This is about what a person types into a header form; what the saved workspace may hold is its schema's
// business (credential-fields.ts), never a guess from property names.

const CREDENTIAL_HEADER = /^(cookie|proxy-authorization|authorization|bearer)$|token|key|secret|password/i;

/** HTTP headers that carry credentials: their values are kept like API keys, never in the workspace. */
export function isSecretHeaderName(name: string): boolean {
  return CREDENTIAL_HEADER.test(name.trim());
}
