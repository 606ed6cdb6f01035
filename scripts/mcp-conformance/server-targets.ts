// The servers `npm run mcp-conformance` tests: the sample server, and an exported MCP project. Each says
// which of the suite's server scenarios apply to it: both serve tools only (no resources, prompts,
// completions or logging), so those scenarios do not apply; the scenarios that call a tool of the
// suite's reference server by name (test_simple_text, test_image_content, …) apply only to a server
// that has it.
import { startSampleServer } from '../../mcp-sample/http-front.ts';
import { startExportedProject } from './exported-project.ts';

export interface RunningTarget {
  url: string;
  close(): Promise<void>;
}

export interface ServerTarget {
  key: string;
  label: string;
  start(): Promise<RunningTarget>;
  applies(scenario: string): boolean;
  whyNot(scenario: string): string;
}

/** Scenarios about features a tools-only server does not have. */
const otherFeatures: [RegExp, string][] = [
  [/^(resources-|prompts-|completion-)/, 'a tools-only server has no resources, prompts or completions'],
  [/^logging-/, 'it declares no logging capability'],
];

/** Scenarios that call a tool of the suite's reference server by its name (a fixture, not a behaviour). */
const referenceTools: [RegExp, string][] = [
  [
    /^tools-call-|^json-schema-2020-12$|^elicitation-sep|^server-sse-multiple-streams$/,
    "it calls a tool of the suite's reference server by name",
  ],
];

const fixtureReconnection: [RegExp, string] = [
  /^server-sse-polling$/,
  'it calls test_reconnection, a fixture tool the project does not have (priming checked by our own row)',
];

export function toolsOnly(scenario: string, extra: [RegExp, string][] = referenceTools): string | undefined {
  return [...otherFeatures, ...extra].find(([pattern]) => pattern.test(scenario))?.[1];
}

export const serverTargets: ServerTarget[] = [
  {
    key: 'sample',
    label: 'sample server',
    async start() {
      const running = await startSampleServer({ port: 0 });
      return { url: running.url, close: () => running.close() };
    },
    applies: (scenario) => toolsOnly(scenario) === undefined,
    whyNot: (scenario) => toolsOnly(scenario) ?? '',
  },
  {
    key: 'export',
    label: 'exported project',
    start: startExportedProject,
    // It serves the workspace's tools: the suite's fixture tool test_reconnection is not one of them.
    applies: (scenario) => toolsOnly(scenario, [...referenceTools, fixtureReconnection]) === undefined,
    whyNot: (scenario) => toolsOnly(scenario, [...referenceTools, fixtureReconnection]) ?? '',
  },
];
