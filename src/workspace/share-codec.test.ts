import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateRaw, fromBase64Url, inflateRaw, toBase64Url } from './share-codec.ts';

const encoder = new TextEncoder();

describe('base64url', () => {
  it('round-trips any bytes using only URL-safe characters', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64Url(text)).toEqual(new Uint8Array(bytes));
      }),
    );
  });

  it('round-trips more bytes than one String.fromCharCode call takes', () => {
    const bytes = new Uint8Array(200_000).map((_, index) => index % 251);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
  });

  it.each(['abc+', 'ab/c', 'abc=', 'a b', 'abcde'])('refuses %j', (text) => {
    expect(fromBase64Url(text)).toBeUndefined();
  });
});

describe('deflate-raw', () => {
  it('round-trips text', async () => {
    const bytes = encoder.encode('{"tools": []} '.repeat(100));
    const compressed = await deflateRaw(bytes);
    expect(compressed.byteLength).toBeLessThan(bytes.byteLength / 10);
    expect(await inflateRaw(compressed, 1_000_000)).toEqual({ ok: true, bytes });
  });

  it('stops unpacking past the limit (a small link that unpacks to 20 MB)', async () => {
    const bomb = await deflateRaw(new Uint8Array(20 * 1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(30_000);
    expect(await inflateRaw(bomb, 256 * 1024)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('calls cut-off or foreign data damaged', async () => {
    const compressed = await deflateRaw(encoder.encode('hello, hello, hello, world'));
    expect(await inflateRaw(compressed.slice(0, compressed.length - 3), 1_000)).toEqual({ ok: false, reason: 'damaged' });
    expect(await inflateRaw(new Uint8Array([1, 2, 3, 4, 5]), 1_000)).toEqual({ ok: false, reason: 'damaged' });
  });
});
