// Public surface of the MCP layer. The SDK-backed client behind it loads lazily (load-client.ts).
export { McpServers, isMcpToolId, labelOf, mcpToolId } from './mcp-servers.ts';
export type { McpServerConfig, McpServerState, McpServerStatus, McpServersEvent, McpServersOptions, RemoteTool } from './mcp-servers.ts';
export { describeToolListChange, isRetrySafe } from './mcp-types.ts';
export { elicitationContent, elicitationFields, initialElicitationValues } from './elicitation-form.ts';
export type { ElicitationField, ElicitationFieldKind } from './elicitation-form.ts';
export type {
  McpElicitationAnswer,
  McpElicitationRequest,
  McpElicitationValue,
  McpSamplingAnswer,
  McpSamplingRequest,
  McpServerRequestHandlers,
  McpLogEntry,
  McpServerInfo,
  McpToolAnnotations,
  McpToolDefinition,
  McpToolListChange,
  McpTransportKind,
} from './mcp-types.ts';
export { loadMcpClient, type McpClientModule } from './load-client.ts';
export { base64Bytes, formatBytes, imagesOf, modelSafeBlock, type McpContentBlock } from './model-safe-content.ts';
