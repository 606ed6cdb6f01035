// The tools as an MCP server: each tools/call goes through the executor, so the deadline, retries and
// errors-as-results hold for any MCP client (Claude Desktop, the MCP Inspector, an agent).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { formatForModel, type ToolExecutor } from './core/index.ts';
import { toolEntries } from './tools/index.ts';

export function createMcpServer(executor: ToolExecutor): McpServer {
  const server = new McpServer({ name: 'toolscope-tools', version: '1.0.0' });
  for (const { tool, inputSchema, annotations } of toolEntries) {
    server.registerTool(tool.name, { description: tool.description, inputSchema, annotations }, async (input, extra) => {
      const result = await executor.execute({ id: String(extra.requestId), name: tool.name, arguments: input }, { signal: extra.signal });
      // A failed call is a result the model reads (isError), not a protocol error.
      return { content: [{ type: 'text', text: formatForModel(result) }], isError: result.status === 'error' };
    });
  }
  return server;
}
