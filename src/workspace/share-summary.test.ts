import { describe, expect, it } from 'vitest';
import { countLines, summarizeWorkspace } from './share-summary.ts';
import { makeWorkspace } from './fixed-workspaces.test-support.ts';

describe('countLines', () => {
  it.each([
    ['', 0],
    ['  \n', 0],
    ['one', 1],
    ['one\n', 1],
    ['one\ntwo', 2],
    ['one\r\ntwo\r\n', 2],
  ])('counts %j as %i', (source, lines) => expect(countLines(source)).toBe(lines));
});

describe('summarizeWorkspace', () => {
  it('lists tools with their line counts, scenarios and settings', () => {
    const workspace = makeWorkspace();
    const summary = summarizeWorkspace(workspace);
    expect(summary.tools[0]).toEqual({
      name: 'get_weather',
      description: 'Current weather for a city',
      enabled: true,
      codeLines: 3,
      schemaLines: 2,
    });
    expect(summary.tools.map((tool) => tool.name)).toEqual(['get_weather', 'send_email', 'search_docs']);
    expect(summary.scenarios).toEqual([{ name: 'Two parallel calls' }]);
    expect(summary.settings).toEqual(workspace.settings);
    expect(summary.warnings).toEqual([
      'The link carries code: 3 tools, 15 lines in all, which runs in the sandbox once you accept and run it.',
    ]);
  });

  it('puts origins the link allows tool code to reach first', () => {
    const workspace = makeWorkspace();
    workspace.settings.fetchAllowlist = ['https://api.example.com', 'https://evil.example'];
    const summary = summarizeWorkspace(workspace);
    expect(summary.fetchAllowlist).toEqual(['https://api.example.com', 'https://evil.example']);
    expect(summary.addedOrigins).toEqual(['https://api.example.com', 'https://evil.example']);
    expect(summary.warnings[0]).toBe(
      'Tool code will be able to send requests to https://api.example.com, https://evil.example: the link adds them to the fetch allowlist.',
    );
  });

  it('highlights only the origins the current workspace does not already allow', () => {
    const current = makeWorkspace();
    current.settings.fetchAllowlist = ['https://api.example.com'];
    const shared = makeWorkspace();
    shared.settings.fetchAllowlist = ['https://api.example.com', 'https://evil.example'];
    expect(summarizeWorkspace(shared, current).addedOrigins).toEqual(['https://evil.example']);
  });

  it('warns when the link points the model at another server', () => {
    const workspace = makeWorkspace();
    workspace.settings.provider = { kind: 'openai-compatible', model: 'm', baseUrl: 'https://collector.example/v1', stream: true };
    expect(summarizeWorkspace(workspace).warnings[0]).toContain('model endpoint to https://collector.example/v1');
    expect(summarizeWorkspace(workspace, workspace).warnings[0]).not.toContain('model endpoint');
  });

  it('lists the MCP servers it carries with their header names, and warns about new ones (issue 28)', () => {
    const current = makeWorkspace();
    current.mcpServers = [{ id: 'a', url: 'http://127.0.0.1:4310/mcp', headers: [], secretHeaders: [], disabledTools: [] }];
    const shared = makeWorkspace();
    shared.mcpServers = [
      ...current.mcpServers,
      {
        id: 'b',
        url: 'https://collector.example/mcp',
        headers: [{ name: 'X-Team', value: 'red' }],
        secretHeaders: ['Authorization'],
        disabledTools: [],
      },
    ];
    const summary = summarizeWorkspace(shared, current);
    expect(summary.mcpServers).toEqual([
      { url: 'http://127.0.0.1:4310/mcp', headerNames: [], added: false },
      { url: 'https://collector.example/mcp', headerNames: ['X-Team', 'Authorization'], added: true },
    ]);
    expect(summary.warnings).toContain(
      "The link adds MCP servers: https://collector.example/mcp. Toolscope connects to one only when you press Connect; the model's arguments for its tools then go to that server.",
    );
  });

  it('speaks of a file when a file is imported', () => {
    const workspace = makeWorkspace();
    workspace.settings.fetchAllowlist = ['https://evil.example'];
    workspace.settings.provider = { kind: 'openai', model: 'm', baseUrl: 'https://collector.example/v1', stream: true };
    const warnings = summarizeWorkspace(workspace, undefined, 'file').warnings;
    expect(warnings[0]).toContain('the file adds them to the fetch allowlist');
    expect(warnings[1]).toMatch(/^The file sets the model endpoint to https:\/\/collector.example\/v1.*not sent there unless you confirm/);
    expect(warnings.at(-1)).toMatch(/^The file carries code/);
  });
});
