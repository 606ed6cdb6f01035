// `npm run mcp-bridge -- <command…>` (a stdio MCP server, e.g. `npx -y @modelcontextprotocol/server-everything`)
// or `npm run mcp-bridge -- <url>` (an HTTP MCP server that sends no CORS headers). Prints the URL to
// connect to from Toolscope. MCP_BRIDGE_PORT picks the port (default 4340); MCP_BRIDGE_ORIGINS allows
// origins besides loopback ones (comma-separated, e.g. the deployed app's).
import { startBridge } from './bridge.ts';

const target = process.argv.slice(2);
if (target.length === 0) {
  console.error(
    'Usage: npm run mcp-bridge -- <command and arguments of a stdio MCP server>\n   or: npm run mcp-bridge -- <http(s) URL of an MCP server>',
  );
  process.exit(2);
}
const running = await startBridge({
  target,
  port: Number(process.env.MCP_BRIDGE_PORT ?? 4340),
  // A fixed token for e2e runs (the Playwright config); random otherwise.
  ...(process.env.MCP_BRIDGE_TOKEN ? { token: process.env.MCP_BRIDGE_TOKEN } : {}),
  extraOrigins: (process.env.MCP_BRIDGE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  print: (line) => console.error(`[mcp-bridge] ${line}`),
});
console.log(`MCP bridge for ${target.join(' ')}`);
console.log(`Connect from Toolscope (MCP servers → Add server…) to: ${running.url}`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
