// Bytes <-> URL-safe text for share links: deflate-raw (built into browsers and Node 20, so no
// dependency) and base64url (no '+', '/' or '=' to be mangled by chat apps or URL parsers).
import type { Result } from '../core/index.ts';

export async function deflateRaw(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export type InflateResult = Result<{ bytes: Uint8Array<ArrayBuffer> }, { reason: 'too-large' | 'damaged' }>;

/**
 * Inflates at most `maxBytes`. A few kilobytes of deflate can unpack to gigabytes (a zip bomb), so the
 * stream is read chunk by chunk and cancelled as soon as the limit is passed.
 */
export async function inflateRaw(bytes: Uint8Array<ArrayBuffer>, maxBytes: number): Promise<InflateResult> {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    // Invalid or truncated deflate data (a link cut short by a chat app) errors the stream.
    return { ok: false, reason: 'damaged' };
  }
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes: joined };
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode under the engines' argument-count limit.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Undefined when the text is not base64url (a character outside the alphabet, an impossible length). */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}
