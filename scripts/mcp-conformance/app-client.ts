// The app's own MCP client path, driven from Node for the conformance suite (`npm run mcp-conformance`):
// McpConnection (the SDK client behind TrackedFetch and TrafficTransport, with the capabilities the app
// declares), each listed tool turned into a core Tool by toCoreTool and called through the ToolExecutor
// with sample arguments from its inputSchema, as Test call does. Elicitations are answered as a person
// who presses Accept on the form as the app first shows it (the defaults filled in); sampling by the mock.
// The suite appends the server URL as the last argument.
import { RealClock, ToolExecutor, formatForModel } from '../../src/core/index.ts';
import { McpConnection, toCoreTool } from '../../src/mcp/client/index.ts';
import { elicitationContent, elicitationFields, initialElicitationValues } from '../../src/mcp/elicitation-form.ts';
import type { McpServerRequestHandlers } from '../../src/mcp/mcp-types.ts';
import { sampleValue } from '../../src/store/arguments/sample-arguments.ts';

const url = process.argv.at(-1) ?? '';
const requests: McpServerRequestHandlers = {
  // The person presses Accept on the form as it first shows (the dialog's own rules: McpElicitationDialog).
  elicit(request) {
    const fields = elicitationFields(request);
    const filled = elicitationContent(fields, initialElicitationValues(fields));
    console.log(`elicitation: ${request.message} -> ${filled.ok ? 'accept' : `cancel (${filled.message})`}`);
    return Promise.resolve(filled.ok ? { action: 'accept', content: filled.content } : { action: 'cancel' });
  },
  sample: (request) =>
    Promise.resolve({ text: `A mock answer to: ${request.messages.at(-1)?.text ?? ''}`, model: 'mock', stopReason: 'endTurn' }),
};
const connection = await McpConnection.open({ url, connectTimeoutMs: 10_000, requests });
console.log(`connected to ${connection.info.name} ${connection.info.version} (${connection.info.protocolVersion ?? '?'})`);
const executor = new ToolExecutor({ clock: new RealClock(), timeoutMs: 20_000 });
for (const definition of connection.tools) {
  if (definition.problem) {
    console.log(`${definition.name}: not offered (${definition.problem})`);
    continue;
  }
  executor.register(toCoreTool({ connection, serverLabel: connection.info.name, definition }));
}
let failed = 0;
for (const definition of connection.tools.filter((tool) => !tool.problem)) {
  const schema = definition.inputSchema as Record<string, unknown>;
  const result = await executor.execute({ id: definition.name, name: definition.name, arguments: sampleValue(schema) });
  if (result.status === 'error') failed++;
  console.log(`${definition.name}: ${result.status} ${formatForModel(result).slice(0, 300)}`);
}
await connection.close();
process.exit(failed === 0 ? 0 : 1);
