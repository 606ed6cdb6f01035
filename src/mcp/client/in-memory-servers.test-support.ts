// Servers for the MCP client's unit tests, over the SDK's in-memory transport: the sample server itself,
// and a low-level server whose tool fails with JSON-RPC errors (McpServer turns every throw into isError).
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { SampleRecorder } from '../../../mcp-sample/recorder.ts';
import { createSampleServer } from '../../../mcp-sample/sample-tools.ts';
import { McpConnection, type McpConnectionOptions } from './mcp-connection.ts';

export async function connectInMemory(
  server: { connect(transport: InMemoryTransport): Promise<void> },
  options: Partial<McpConnectionOptions> = {},
) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return McpConnection.open({ url: 'memory://test', transport: clientSide, ...options });
}

export async function connectToSample(options: Partial<McpConnectionOptions> = {}) {
  const recorder = new SampleRecorder();
  const connection = await connectInMemory(createSampleServer({ recorder, dropConnection: () => {} }), options);
  return { connection, recorder };
}

/** `failing` answers JSON-RPC internal errors `failures` times, then succeeds; its hints are given. */
export function failingServer(failures: number, annotations: Record<string, boolean>) {
  const server = new Server({ name: 'failing', version: '1.0.0' }, { capabilities: { tools: {} } });
  let calls = 0;
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'failing', description: 'Fails, then works.', inputSchema: { type: 'object', properties: {} }, annotations }],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    calls++;
    if (request.params.name === 'invalid') throw new McpError(ErrorCode.InvalidParams, 'count must be positive');
    if (calls <= failures) throw new McpError(ErrorCode.InternalError, `overloaded (call ${calls})`);
    return { content: [{ type: 'text', text: `worked on call ${calls}` }] };
  });
  return { server, calls: () => calls };
}
