// The README of a downloaded project: the same two commands as Toolscope's own, then what is where.
import type { ProjectFiles, ProjectRequest } from './project-types.ts';

const flavourText: Record<ProjectRequest['flavour'], { intro: string; start: string; more: string[] }> = {
  plain: {
    intro: "The agent loop runs on Toolscope's executor core.",
    start: 'the agent loop with an offline mock model',
    more: [
      '`npm start -- "your request"` asks the model. Set `OPENAI_API_KEY` (and `OPENAI_BASE_URL` for any OpenAI-compatible server such as Ollama, `MODEL` for the model) or `ANTHROPIC_API_KEY` to use a real one.',
    ],
  },
  'ai-sdk': {
    intro:
      'The Vercel AI SDK runs the agent loop (`generateText` with tools); every tool call goes through the executor core (`src/ai-sdk-tools.ts`).',
    start: 'generateText with an offline mock model that calls the tools with their test arguments',
    more: [
      'Set `AI_GATEWAY_API_KEY` (and `AI_MODEL`, e.g. `openai/gpt-4o-mini`) to use a real model through the AI Gateway, or swap in any AI SDK provider in `src/main.ts`.',
    ],
  },
  mcp: {
    intro: 'The tools are served over MCP (`src/mcp-server.ts`); every tools/call goes through the executor core.',
    start: 'the agent loop with an offline mock model',
    more: [
      '`npm run serve` starts the MCP server on stdio. Try it with `npx @modelcontextprotocol/inspector npx tsx src/serve-mcp.ts`, or add that command to an MCP client such as Claude Desktop (as `npm run --silent serve`, npm keeps its banner off stdout, which carries the protocol).',
      '`npm start -- "your request"` asks the model; `OPENAI_API_KEY` or `ANTHROPIC_API_KEY` select a real one.',
    ],
  },
};

const layout: [folder: string, line: string][] = [
  ['src/tools/', 'src/tools/      one module per tool: its zod schema, its code, defineTool({...}) with its settings'],
  ['src/core/', "src/core/       Toolscope's executor core (zod, re2js and @cfworker/json-schema)"],
  ['src/llm/', 'src/llm/        the mock model and the OpenAI / Anthropic adapters'],
  ['src/agent/', 'src/agent/      the agent loop: model -> tool calls -> executor -> tool messages -> model'],
  ['src/settings.ts', 'src/settings.ts the run settings of your Toolscope workspace (concurrency, timeout, retries)'],
  ['tests/', 'tests/          one test per tool: its test arguments -> the outcome Toolscope recorded, or what validation says'],
];

/** The README, from the project's other files (which folders it has) and the Node version its packages ask for. */
export function projectReadme(request: ProjectRequest, files: ProjectFiles, node: string): string {
  const flavour = flavourText[request.flavour];
  const paths = Object.keys(files);
  const folders = layout.filter(([folder]) => paths.some((path) => path.startsWith(folder))).map(([, line]) => line);
  const toolList = request.tools.map((tool) => `- \`${tool.name}\`: ${tool.description.split('. ')[0]?.replace(/\.$/, '')}.`).join('\n');
  return `# ${request.name}

Tools exported from Toolscope, with its executor core: validation, deadlines,
retries and failures as results the model can read. ${flavour.intro}

${toolList}

## Set up

Needs Node ${node.replace('>=', '')} or newer (what its packages ask for).

\`\`\`sh
npm install && npm start   # ${flavour.start}
npm test                   # type check, then one test per tool from its Toolscope test call
\`\`\`

${flavour.more.map((line) => `- ${line}`).join('\n')}
- Tests run the executor's clock 10x faster (\`TEST_SPEED\`, default 10): sleeps, deadlines and backoff shrink alike.

## Layout

\`\`\`
${folders.join('\n')}
\`\`\`

## Not as in Toolscope

- Tools run in this process, not in a sandbox: \`ctx.fetch\` is Node's fetch with no allowlist, and a tool that
  loops without ever yielding cannot be stopped (the executor answers at the deadline only when the tool
  yields). A test that expects a timeout runs its call in a worker thread and terminates it, as Toolscope did.
- Each tool's notes on what differs are at the top of its module.
`;
}
