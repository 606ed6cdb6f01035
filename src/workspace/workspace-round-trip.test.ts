import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTourProgress, saveTourProgress, type TourProgress } from '../tour/tour-progress.ts';
import { MemoryStorage } from './memory-storage.ts';
import { savedFormats } from './saved-formats.test-support.ts';
import { fromBase64Url, inflateRaw } from './share-codec.ts';
import { decodeShareLink, encodeShareLink, MAX_SHARED_BYTES } from './share-link.ts';
import { WORKSPACE_KEY } from './storage-keys.ts';
import { credentialsArbitrary, withSmuggledCredentials, workspaceArbitrary } from './workspace-arbitraries.test-support.ts';
import { exportWorkspace, importWorkspace } from './workspace-file.ts';
import { workspaceSchema, type Workspace } from './workspace-schema.ts';
import { loadWorkspace, saveWorkspace } from './workspace-storage.ts';

// Issue 24: a workspace that uses every feature at once comes back as it was from a save, an export and a
// share link, without its credentials and without losing anything else; and every format this app ever
// saved in still opens. WORKSPACE_PROPERTY_SEED replays a run, WORKSPACE_PROPERTY_RUNS sizes it.
const seed = Number(process.env.WORKSPACE_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.WORKSPACE_PROPERTY_RUNS ?? 1000);

const tourProgress: fc.Arbitrary<TourProgress> = fc.record({
  chapterIndex: fc.integer({ min: 0, max: 12 }),
  completed: fc.uniqueArray(fc.constantFrom('naive-chain', 'four-duties', 'timeouts', 'health-and-versions', 'metrics')),
});

function expectNoCredentials(text: string, credentials: { apiKey: string; bearerToken: string }) {
  expect(text).not.toContain(credentials.apiKey);
  expect(text).not.toContain(credentials.bearerToken);
}

async function sharedText(url: string): Promise<string> {
  const bytes = fromBase64Url(new URL(url).hash.slice('#w='.length));
  const inflated = bytes ? await inflateRaw(bytes, MAX_SHARED_BYTES) : null;
  if (!inflated?.ok) throw new Error('the link does not unpack');
  return new TextDecoder().decode(inflated.bytes);
}

describe('a workspace that uses every feature', () => {
  it(`comes back whole from a save, an export and a share link, without credentials, and from every saved format (${numRuns} cases, seed ${seed})`, async () => {
    console.log(`workspace round trip: ${numRuns} cases, seed ${seed} (WORKSPACE_PROPERTY_SEED=${seed} replays it)`);
    await fc.assert(
      fc.asyncProperty(workspaceArbitrary, credentialsArbitrary, tourProgress, async (workspace, credentials, progress) => {
        expect(workspaceSchema.safeParse(workspace).success).toBe(true);
        const smuggled = withSmuggledCredentials(workspace, credentials);

        // Save → load, beside the tour's progress on the same device.
        const storage = new MemoryStorage();
        saveTourProgress(storage, progress);
        expect(saveWorkspace(storage, smuggled)).toEqual({ ok: true });
        expectNoCredentials(storage.getItem(WORKSPACE_KEY) ?? '', credentials);
        expect(loadWorkspace(storage)).toEqual({ workspace });
        expect(loadTourProgress(storage)).toEqual(progress);

        // Export → import.
        const file = exportWorkspace(smuggled);
        expectNoCredentials(file, credentials);
        expect(importWorkspace(file)).toEqual({ ok: true, workspace });

        // Share link → open.
        const link = await encodeShareLink(smuggled, 'https://toolscope.example/');
        if (!link.ok) throw new Error(link.message);
        expectNoCredentials(await sharedText(link.url), credentials);
        const opened = await decodeShareLink(link.url);
        expect(opened.ok && opened.workspace).toEqual(workspace);

        // Every format a save was ever written in opens, with what that format could hold.
        for (const format of savedFormats) {
          const { saved, expected } = format.write(workspace);
          const old = new MemoryStorage();
          old.setItem(WORKSPACE_KEY, JSON.stringify({ version: format.version, savedAt: '2026-01-01T00:00:00.000Z', workspace: saved }));
          const loaded = loadWorkspace(old);
          expect(loaded.notice?.level ?? 'info', `${format.name}: ${loaded.notice?.message}`).toBe('info');
          expect(loaded.workspace, format.name).toEqual(expected satisfies Workspace);
        }
      }),
      { numRuns, seed },
    );
  }, 120_000);
});
