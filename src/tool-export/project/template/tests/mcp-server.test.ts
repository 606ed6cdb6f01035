// An MCP client talks to the server in memory: it lists every tool and calls one through the executor.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { expect, it } from 'vitest';
import { createExecutor } from '../src/executor.ts';
import { createMcpServer } from '../src/mcp-server.ts';
import { toolEntries } from '../src/tools/index.ts';

it('lists the tools and answers a tools/call', async () => {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(createExecutor()).connect(serverTransport);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientTransport);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(toolEntries.map((entry) => entry.tool.name));
  const callable = toolEntries.find((entry) => entry.testCall?.expected.status === 'success');
  if (callable) {
    const result = await client.callTool({ name: callable.tool.name, arguments: callable.testCall?.arguments as Record<string, unknown> });
    expect(result.isError).toBe(false);
  }
  await client.close();
});
