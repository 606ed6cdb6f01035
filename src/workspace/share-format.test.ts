import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDefaultWorkspace } from './default-workspace.ts';
import { deflateRaw, fromBase64Url, inflateRaw, toBase64Url } from './share-codec.ts';
import { decodeShareLink, encodeShareLink, MAX_SHARED_BYTES } from './share-link.ts';
import type { Workspace } from './workspace-schema.ts';

const base = 'https://toolscope.example/';

async function linkOf(workspace: Workspace): Promise<string> {
  const encoded = await encodeShareLink(workspace, base);
  if (!encoded.ok) throw new Error(encoded.message);
  return encoded.url;
}

async function carried(url: string): Promise<Record<string, unknown>> {
  const inflated = await inflateRaw(fromBase64Url(new URL(url).hash.slice('#w='.length))!, MAX_SHARED_BYTES);
  if (!inflated.ok) throw new Error('the link does not unpack');
  return JSON.parse(new TextDecoder().decode(inflated.bytes)) as Record<string, unknown>;
}

async function linkCarrying(value: unknown): Promise<string> {
  return `${base}#w=${toBase64Url(await deflateRaw(new TextEncoder().encode(JSON.stringify(value))))}`;
}

/** The default workspace with a line added to a sample tool's code and the concurrency set, as in a class. */
function nearDefaultWorkspace(): Workspace {
  const workspace = createDefaultWorkspace();
  workspace.tools[0]!.codeSource += '\n// tried a longer timeout\n';
  workspace.settings.concurrency = 3;
  return workspace;
}

describe('share links of a near-default workspace', () => {
  it('carry only what differs from the samples, so the link stays short (it was 19,400 characters)', async () => {
    const url = await linkOf(nearDefaultWorkspace());
    expect(url.length).toBeLessThan(2_500);
    const sent = JSON.stringify(await carried(url));
    expect(sent).not.toContain(createDefaultWorkspace().tools[1]!.codeSource.slice(0, 80));
    expect(sent).toContain('tried a longer timeout');
  });

  it('open as they were', async () => {
    const workspace = nearDefaultWorkspace();
    const opened = await decodeShareLink(await linkOf(workspace));
    expect(opened.ok && opened.workspace).toEqual(workspace);
  });

  it('open as they were, whatever the person changed (samples edited, removed, renamed, fields dropped, settings)', async () => {
    const change = fc.record({
      tool: fc.nat(),
      codeEdit: fc.tuple(fc.nat(), fc.nat(), fc.string({ unit: 'binary', maxLength: 30 })),
      dropTimeout: fc.boolean(),
      rename: fc.option(fc.stringMatching(/^[a-z_]{1,12}$/), { nil: undefined }),
      dropScenarios: fc.nat({ max: 12 }),
      timeoutMs: fc.integer({ min: 1, max: 600_000 }),
      offered: fc.option(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 2 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(change, async ({ tool, codeEdit: [at, cut, inserted], dropTimeout, rename, dropScenarios, timeoutMs, offered }) => {
        const workspace = createDefaultWorkspace();
        const edited = workspace.tools[tool % workspace.tools.length]!;
        const start = at % (edited.codeSource.length + 1);
        edited.codeSource = edited.codeSource.slice(0, start) + inserted + edited.codeSource.slice(start + (cut % 40));
        if (dropTimeout) delete edited.timeoutMs;
        if (rename && !workspace.tools.some(({ name }) => name === rename)) edited.name = rename;
        workspace.scenarios.splice(0, dropScenarios);
        workspace.settings.timeoutMs = timeoutMs;
        if (offered) workspace.samplesOffered = offered;
        const opened = await decodeShareLink(await linkOf(workspace));
        expect(opened.ok && opened.workspace).toEqual(workspace);
      }),
      { numRuns: 60 },
    );
  });
});

describe('share links in other formats', () => {
  it('a link made before links carried only the differences (format 1) still opens', async () => {
    const workspace = nearDefaultWorkspace();
    const opened = await decodeShareLink(await linkCarrying(workspace));
    expect(opened.ok && opened.workspace).toEqual(workspace);
  });

  it('a link that left out a sample this Toolscope has in another version is refused, saying why', async () => {
    const packed = (await carried(await linkOf(nearDefaultWorkspace()))) as { workspace: { tools: { $hash: string }[] } };
    packed.workspace.tools[1]!.$hash = 'AAAAAAAA';
    expect(await decodeShareLink(await linkCarrying(packed))).toEqual({
      ok: false,
      message: expect.stringMatching(
        /different version of the sample tool ".+" than this Toolscope has; ask for the workspace as an exported file/,
      ),
    });
  });

  it('a link from a newer share format is refused, saying so', async () => {
    expect(await decodeShareLink(await linkCarrying({ share: 3, workspace: {} }))).toEqual({
      ok: false,
      message: expect.stringContaining('share format 3'),
    });
  });
});
