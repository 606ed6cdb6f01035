// Which version serves a call is decided by a hash of a request key, not by a random draw, so that
// every call of one conversation (one key) lands on the same version while the traffic split holds.

const offsetBasis = 0x811c9dc5;
const prime = 0x01000193;

/** The UTF-8 bytes of a string, lone surrogates as U+FFFD (what TextEncoder does; not in the core's lib). */
function* utf8Bytes(text: string): Generator<number> {
  for (const character of text) {
    let codePoint = character.codePointAt(0) as number;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) codePoint = 0xfffd;
    if (codePoint < 0x80) {
      yield codePoint;
    } else if (codePoint < 0x800) {
      yield 0xc0 | (codePoint >> 6);
      yield 0x80 | (codePoint & 0x3f);
    } else if (codePoint < 0x10000) {
      yield 0xe0 | (codePoint >> 12);
      yield 0x80 | ((codePoint >> 6) & 0x3f);
      yield 0x80 | (codePoint & 0x3f);
    } else {
      yield 0xf0 | (codePoint >> 18);
      yield 0x80 | ((codePoint >> 12) & 0x3f);
      yield 0x80 | ((codePoint >> 6) & 0x3f);
      yield 0x80 | (codePoint & 0x3f);
    }
  }
}

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text`: tiny, well known, and the same in every runtime. */
export function fnv1a32(text: string): number {
  let hash = offsetBasis;
  for (const byte of utf8Bytes(text)) {
    hash ^= byte;
    hash = Math.imul(hash, prime);
  }
  return hash >>> 0;
}

/**
 * MurmurHash3's 32-bit finalizer. FNV-1a alone spreads keys that differ only in their last characters
 * ("call_1", "call_2", ...) unevenly over the top bits that decide the bucket: over 10,000 keys a 10%
 * share got 7.55% ("x", "call_<n>") and a 50% share 51.66% ("flaky_api", "<n>"). With this mix every
 * share we measured stayed within one point (docs/adr/0003).
 */
export function finalizeHash(hash: number): number {
  let mixed = hash;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return mixed >>> 0;
}

/**
 * Where a key falls in [0, 1) for one tool. The tool's name is part of the hash so that one conversation
 * is not the canary of every tool at once. A key below a version's share goes to that version, so raising
 * the share only ever moves keys onto the new version, never back and forth.
 */
export function routingBucket(toolName: string, key: string): number {
  return finalizeHash(fnv1a32(`${toolName}:${key}`)) / 2 ** 32;
}
