// Generated ids draw on the executor's random source, so a seeded run produces the same ids on replay.
// A sequence number is appended so ids stay unique even when `random` is a constant (as in tests).

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

export function randomId(prefix: string, random: () => number, sequence: number, length = 8): string {
  let id = `${prefix}_`;
  for (let index = 0; index < length; index++) {
    id += alphabet[Math.floor(random() * alphabet.length) % alphabet.length];
  }
  return `${id}${sequence.toString(36)}`;
}

/**
 * Gives each call of a batch an id no other call of the batch has. Providers occasionally repeat ids;
 * merging those calls would drop one, so the repeats get a `#2`, `#3`... suffix instead.
 */
export function uniqueIds(requested: readonly (string | undefined)[], generate: () => string): string[] {
  // Holds the missing ids too, which is harmless: only strings are looked up.
  const taken = new Set(requested);
  // Nearly every batch: every call has an id of its own, kept as it is.
  if (taken.size === requested.length && !taken.has(undefined) && !taken.has('')) return [...requested] as string[];
  const used = new Set<string>();
  return requested.map((id) => {
    if (typeof id !== 'string' || id === '') {
      let fresh = generate();
      while (taken.has(fresh) || used.has(fresh)) fresh = generate();
      used.add(fresh);
      return fresh;
    }
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
    let suffix = 2;
    while (taken.has(`${id}#${suffix}`) || used.has(`${id}#${suffix}`)) suffix++;
    const unique = `${id}#${suffix}`;
    used.add(unique);
    return unique;
  });
}
