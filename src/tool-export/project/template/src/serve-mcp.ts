// `npm run serve`: the MCP server on stdio. Point a client at it, e.g.
//   npx @modelcontextprotocol/inspector npx tsx src/serve-mcp.ts
// Logs go to stderr: on stdio, stdout carries the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createExecutor } from './executor.ts';
import { createMcpServer } from './mcp-server.ts';

await createMcpServer(createExecutor()).connect(new StdioServerTransport());
console.error('MCP server ready on stdio');
