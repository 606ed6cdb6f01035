// `npm run mcp-sample`: the sample MCP server on http://127.0.0.1:4310/mcp (MCP_SAMPLE_PORT to change
// it; MCP_SAMPLE_ORIGINS=https://a.example,https://b.example to allow origins besides loopback ones).
import { startSampleServer } from './http-front.ts';

const port = Number(process.env.MCP_SAMPLE_PORT ?? 4310);
const extraOrigins = (process.env.MCP_SAMPLE_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

const running = await startSampleServer({ port, extraOrigins, print: (line) => console.log(`[mcp-sample] ${line}`) });
console.log(`Toolscope sample MCP server: ${running.url}`);
console.log('Connect to it from Toolscope: Tools panel → MCP servers → Connect.');
console.log(
  `Also: ${running.url.replace('/mcp', '/bad-schema/mcp')}, ${running.url.replace('/mcp', '/old-protocol/mcp')}, ${running.url.replace('/mcp', '/html')}`,
);

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
