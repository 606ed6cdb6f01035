import { describe, expect, it } from 'vitest';
import { deflateRaw, toBase64Url } from './share-codec.ts';
import { LONG_LINK_CHARACTERS, decodeShareLink, encodeShareLink, hasSharedWorkspace } from './share-link.ts';
import { makeTool, makeV0Workspace, makeWorkspace } from './fixed-workspaces.test-support.ts';
import { WORKSPACE_VERSION } from './workspace-schema.ts';

const base = 'https://toolscope.example/app/';

async function linkCarrying(value: unknown): Promise<string> {
  return `#w=${toBase64Url(await deflateRaw(new TextEncoder().encode(JSON.stringify(value))))}`;
}

/** Text deflate cannot shrink much, to make long links. */
function noise(characters: number): string {
  let text = '';
  for (let index = 0; text.length < characters; index += 1) text += ((index * 2_654_435_761) >>> 0).toString(36);
  return text.slice(0, characters);
}

describe('share links', () => {
  it('round-trips a workspace through the URL hash', async () => {
    const workspace = makeWorkspace();
    const encoded = await encodeShareLink(workspace, base);
    expect(encoded).toMatchObject({ ok: true, url: expect.stringMatching(/^https:\/\/toolscope\.example\/app\/#w=[A-Za-z0-9_-]+$/) });
    if (!encoded.ok) return;
    expect(encoded.length).toBe(encoded.url.length);
    expect(encoded.warning).toBeUndefined();
    const decoded = await decodeShareLink(new URL(encoded.url).hash);
    expect(decoded).toMatchObject({ ok: true, workspace });
    expect(await decodeShareLink(encoded.url)).toMatchObject({ ok: true, workspace });
  });

  it('replaces an existing hash of the base URL', async () => {
    const encoded = await encodeShareLink(makeWorkspace(), `${base}#old`);
    expect(encoded.ok && encoded.url.includes('#old')).toBe(false);
  });

  it('summarizes what the link carries before anything runs', async () => {
    const workspace = makeWorkspace();
    workspace.tools[0]!.codeSource = 'globalThis.sharedLinkRan = true;\nexport default async () => 1;\n';
    workspace.settings.fetchAllowlist = ['https://api.example.com'];
    const decoded = await decodeShareLink(await linkCarrying(workspace));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.summary.tools.map(({ name, codeLines }) => [name, codeLines])).toEqual([
      ['get_weather', 2],
      ['send_email', 3],
      ['search_docs', 3],
    ]);
    expect(decoded.summary.scenarios).toEqual([{ name: 'Two parallel calls' }]);
    expect(decoded.summary.addedOrigins).toEqual(['https://api.example.com']);
    expect(decoded.summary.warnings[0]).toContain('https://api.example.com');
    expect(decoded.summary.unpackedBytes).toBe(new TextEncoder().encode(JSON.stringify(workspace)).byteLength);
    expect((globalThis as { sharedLinkRan?: boolean }).sharedLinkRan).toBeUndefined();
  });

  it('never puts an API key in a link', async () => {
    const workspace = makeWorkspace();
    Object.assign(workspace.settings.provider, { apiKey: 'sk-live-123' });
    const encoded = await encodeShareLink(workspace, base);
    if (!encoded.ok) throw new Error(encoded.message);
    const decoded = await decodeShareLink(encoded.url);
    expect(JSON.stringify(decoded)).not.toContain('sk-live-123');
  });

  it('warns when the link is long enough for some apps to cut it', async () => {
    const encoded = await encodeShareLink(makeWorkspace({ tools: [makeTool({ codeSource: noise(12_000) })] }), base);
    expect(encoded).toMatchObject({ ok: true, warning: expect.stringContaining('some servers and chat apps cut links') });
    expect(encoded.ok && encoded.length).toBeGreaterThan(LONG_LINK_CHARACTERS);
  });

  it('refuses a base that is not an absolute URL instead of throwing', async () => {
    expect(await encodeShareLink(makeWorkspace(), '/app/')).toEqual({ ok: false, message: expect.stringContaining('not an absolute URL') });
  });

  it('refuses to encode a workspace that a link could not carry', async () => {
    const encoded = await encodeShareLink(makeWorkspace({ tools: [makeTool({ codeSource: 'x'.repeat(300_000) })] }), base);
    expect(encoded).toEqual({ ok: false, message: expect.stringContaining('too large to share as a link') });
  });

  it('migrates a link made by an older Toolscope', async () => {
    expect(await decodeShareLink(await linkCarrying(makeV0Workspace()))).toMatchObject({ ok: true, migratedFrom: 0 });
  });

  it('tells whether a hash carries a workspace', () => {
    expect(hasSharedWorkspace('#w=abc')).toBe(true);
    expect(hasSharedWorkspace(`${base}#tab=trace&w=abc`)).toBe(true);
    expect(hasSharedWorkspace('#tab=trace')).toBe(false);
    expect(hasSharedWorkspace('')).toBe(false);
  });
});

describe('decodeShareLink refuses, with a message', () => {
  it.each([
    ['no workspace', async () => '#tab=trace', /does not carry a workspace/],
    ['characters outside base64url', async () => '#w=abc$def', /characters a share link never has/],
    ['not deflate data', async () => `#w=${toBase64Url(new TextEncoder().encode('plain text here'))}`, /damaged/],
    ['not JSON', async () => `#w=${toBase64Url(await deflateRaw(new TextEncoder().encode('{nope')))}`, /not a workspace in JSON/],
    [
      'a schema failure, with its path',
      async () => linkCarrying({ ...makeWorkspace(), tools: [makeTool({ name: 'a b' })] }),
      /tools\.0\.name: must match/,
    ],
    [
      'duplicate tool names',
      async () => linkCarrying(makeWorkspace({ tools: [makeTool({ id: 'a' }), makeTool({ id: 'b' })] })),
      /duplicate tool name/,
    ],
    ['a newer version', async () => linkCarrying({ ...makeWorkspace(), version: WORKSPACE_VERSION + 1 }), /newer Toolscope/],
  ])('%s', async (_label, makeHash, message) => {
    expect(await decodeShareLink(await makeHash())).toEqual({ ok: false, message: expect.stringMatching(message) });
  });

  it('a link cut short when it was copied', async () => {
    const encoded = await encodeShareLink(makeWorkspace(), base);
    if (!encoded.ok) throw new Error(encoded.message);
    // Every cut length: some leave an impossible base64 length, others a truncated deflate stream.
    for (const cut of [20, 21, 22, 23]) {
      expect(await decodeShareLink(encoded.url.slice(0, -cut))).toEqual({ ok: false, message: expect.stringContaining('cut short') });
    }
  });

  it('a small link that unpacks to more than the limit', async () => {
    const bomb = await linkCarrying({ ...makeWorkspace(), padding: ' '.repeat(2_000_000) });
    expect(bomb.length).toBeLessThan(10_000);
    expect(await decodeShareLink(bomb)).toEqual({ ok: false, message: expect.stringContaining('more than 256 kB') });
  });
});
