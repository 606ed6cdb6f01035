// The MCP client side: loaded lazily (see ../load-client.ts), never part of the entry bundle.
export { McpConnection, McpConnectError, type McpConnectionOptions } from './mcp-connection.ts';
export { toCoreTool, type McpToolSource, type McpToolValue } from './mcp-tool.ts';
export { compileInputSchema } from './input-validation.ts';
