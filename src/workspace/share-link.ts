// Share links: the whole workspace, compressed, in the URL hash (`#w=...`), written as what differs from
// the samples (share-format.ts). The hash never reaches a server, so the workspace is only in the link itself. Decoding validates and summarizes; it never
// runs anything, so the UI can show the summary and wait for the user to accept.
import { deflateRaw, fromBase64Url, inflateRaw, toBase64Url } from './share-codec.ts';
import { packForLink, unpackFromLink } from './share-format.ts';
import { summarizeWorkspace, type WorkspaceSummary } from './share-summary.ts';
import { migrateWorkspace } from './migrations.ts';
import { withoutCredentials } from './credential-fields.ts';
import { describeIssues, findDuplicateItems, issuesFromZod } from './workspace-issues.ts';
import { workspaceSchema, type Workspace } from './workspace-schema.ts';
import { parseJsonWithin, type Result } from '../core/index.ts';

const HASH_PARAMETER = 'w';
/** Unpacked JSON; far above a real workspace, small enough that a hostile link cannot hurt. */
export const MAX_SHARED_BYTES = 256 * 1024;
/** Some servers and chat apps cut URLs longer than this. */
export const LONG_LINK_CHARACTERS = 8_000;

export type EncodedShareLink = Result<{ url: string; length: number; warning?: string }>;

export interface ShareLinkSummary extends WorkspaceSummary {
  unpackedBytes: number;
}

export type DecodedShareLink = Result<{ workspace: Workspace; summary: ShareLinkSummary; migratedFrom?: number }>;

export async function encodeShareLink(workspace: Workspace, baseUrl: string): Promise<EncodedShareLink> {
  const parsed = workspaceSchema.safeParse(workspace);
  if (!parsed.success) return { ok: false, message: `The workspace is not valid: ${describeIssues(issuesFromZod(parsed.error))}.` };
  const json = new TextEncoder().encode(JSON.stringify(await packForLink(withoutCredentials(workspaceSchema, parsed.data).value)));
  if (json.byteLength > MAX_SHARED_BYTES) {
    return {
      ok: false,
      message: `The workspace is too large to share as a link (${kilobytes(json.byteLength)}; the limit is ${kilobytes(MAX_SHARED_BYTES)}). Export it as a file instead.`,
    };
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { ok: false, message: `Cannot make a link from ${JSON.stringify(baseUrl)}: it is not an absolute URL.` };
  }
  url.hash = `${HASH_PARAMETER}=${toBase64Url(await deflateRaw(json))}`;
  const text = url.toString();
  if (text.length <= LONG_LINK_CHARACTERS) return { ok: true, url: text, length: text.length };
  const warning = `This link is ${text.length} characters long; some servers and chat apps cut links longer than about ${LONG_LINK_CHARACTERS}. Export the workspace as a file if it arrives broken.`;
  return { ok: true, url: text, length: text.length, warning };
}

/** Whether a hash (or a whole URL) carries a shared workspace, so the app knows to ask. */
export function hasSharedWorkspace(hashOrUrl: string): boolean {
  return readParameter(hashOrUrl) !== null;
}

export async function decodeShareLink(hashOrUrl: string, currentWorkspace?: Workspace): Promise<DecodedShareLink> {
  const encoded = readParameter(hashOrUrl);
  if (encoded === null) return { ok: false, message: 'This link does not carry a workspace.' };
  if (!/^[A-Za-z0-9_-]*$/.test(encoded))
    return { ok: false, message: 'This link is damaged: it contains characters a share link never has.' };
  const compressed = fromBase64Url(encoded);
  const inflated = compressed ? await inflateRaw(compressed, MAX_SHARED_BYTES) : ({ ok: false, reason: 'damaged' } as const);
  if (!inflated.ok) {
    return inflated.reason === 'too-large'
      ? {
          ok: false,
          message: `This link unpacks to more than ${kilobytes(MAX_SHARED_BYTES)}, the most a shared workspace may hold; it was not opened.`,
        }
      : { ok: false, message: 'This link is damaged (its data could not be unpacked); it may have been cut short when it was copied.' };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
  } catch {
    return { ok: false, message: 'This link is damaged: its content is not a workspace in JSON.' };
  }
  // Bounded: whatever reads the workspace after this (zod, a save, a render) meets no hostile nesting (issue 28).
  const raw = parseJsonWithin(text);
  if (!raw.ok)
    return {
      ok: false,
      message: raw.tooDeep
        ? `This link's workspace cannot be opened: ${raw.message}.`
        : 'This link is damaged: its content is not a workspace in JSON.',
    };
  const unpacked = await unpackFromLink(raw.value);
  if (!unpacked.ok) return { ok: false, message: `This link's workspace cannot be opened: ${unpacked.message}.` };
  const result = migrateWorkspace(unpacked.workspace);
  if (!result.ok) {
    const details = result.issues?.length ? `: ${describeIssues(result.issues)}` : '';
    return { ok: false, message: `This link's workspace cannot be opened: ${result.reason}${details}.` };
  }
  const duplicates = findDuplicateItems(result.workspace);
  if (duplicates.length > 0) return { ok: false, message: `This link's workspace cannot be opened: ${describeIssues(duplicates)}.` };
  const summary = { ...summarizeWorkspace(result.workspace, currentWorkspace), unpackedBytes: inflated.bytes.byteLength };
  return result.migratedFrom === undefined
    ? { ok: true, workspace: result.workspace, summary }
    : { ok: true, workspace: result.workspace, summary, migratedFrom: result.migratedFrom };
}

function readParameter(hashOrUrl: string): string | null {
  const hashStart = hashOrUrl.indexOf('#');
  const hash = hashStart === -1 ? hashOrUrl : hashOrUrl.slice(hashStart + 1);
  return new URLSearchParams(hash).get(HASH_PARAMETER);
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} kB`;
}
