// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Self-contained: a schema module imports zod alone.

/** Punycode (RFC 3492) to the code points it stands for; undefined when it is not valid Punycode. */
export function decodePunycode(input: string): number[] | undefined {
  const delimiter = input.lastIndexOf('-');
  const output = [...input.slice(0, Math.max(delimiter, 0))].map((char) => char.codePointAt(0) ?? 0);
  if (output.some((code) => code >= 0x80)) return undefined;
  let [code, index, bias] = [128, 0, 72];
  for (let position = delimiter > 0 ? delimiter + 1 : 0; position < input.length;) {
    const previous = index;
    for (let weight = 1, k = 36; ; k += 36) {
      const char = input.charCodeAt(position++);
      const digit =
        char >= 48 && char <= 57 ? char - 22 : char >= 65 && char <= 90 ? char - 65 : char >= 97 && char <= 122 ? char - 97 : 36;
      if (Number.isNaN(char) || digit >= 36) return undefined;
      index += digit * weight;
      const threshold = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < threshold) break;
      weight *= 36 - threshold;
    }
    let delta = previous === 0 ? Math.floor((index - previous) / 700) : (index - previous) >> 1;
    delta += Math.floor(delta / (output.length + 1));
    let k = 0;
    for (; delta > 455; k += 36) delta = Math.floor(delta / 35);
    bias = k + Math.floor((36 * delta) / (delta + 38));
    code += Math.floor(index / (output.length + 1));
    index %= output.length + 1;
    if (code > 0x10ffff) return undefined;
    output.splice(index++, 0, code);
  }
  return output;
}

/** Viramas (canonical combining class 9): a zero-width joiner or non-joiner may follow one. */
const viramas =
  /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA\u0E3A\u0EBA\u0F84\u1039\u103A\u1714\u1715\u1734\u17D2\u1A60\u1B44\u1BAA\u1BAB\u1BF2\u1BF3\u2D7F\uA806\uA82C\uA8C4\uA953\uA9C0\uAAF6\uABED]/u;
/** Letters of the scripts that join (Arabic, Syriac, N'Ko, Mongolian…), around a zero-width non-joiner. */
const joining = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/**
 * An IDNA 2008 U-label (RFC 5891, 5892): letters, digits, combining marks (not first) and hyphens, the
 * listed exceptions, and the contextual rules for the middle dot, keraia, geresh, katakana middle dot,
 * Arabic-Indic digits and the zero-width joiners. The Bidi rule (RFC 5893) is not checked.
 */
export function isULabel(points: readonly number[]): boolean {
  const chars = points.map((point) => String.fromCodePoint(point));
  const label = chars.join('');
  if (label === '' || label.startsWith('-') || label.endsWith('-') || label.slice(2, 4) === '--' || /^\p{M}/u.test(label)) return false;
  if (/[\u0660-\u0669]/u.test(label) && /[\u06F0-\u06F9]/u.test(label)) return false;
  const nonMark = (from: number, step: number) => {
    let at = from;
    while (chars[at] !== undefined && /\p{Mn}/u.test(chars[at] as string)) at += step;
    return chars[at] ?? '';
  };
  return chars.every((char, at) => {
    const before = chars[at - 1] ?? '';
    const after = chars[at + 1] ?? '';
    switch (char) {
      case '\u00B7':
        return before === 'l' && after === 'l';
      case '\u0375':
        return /\p{Script=Greek}/u.test(after);
      case '\u05F3':
      case '\u05F4':
        return /\p{Script=Hebrew}/u.test(before);
      case '\u30FB':
        return /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(label.replace(/\u30FB/gu, ''));
      case '\u200D':
        return viramas.test(before);
      case '\u200C':
        return viramas.test(before) || (joining.test(nonMark(at - 1, -1)) && joining.test(nonMark(at + 1, 1)));
      default:
        if (['\u0640', '\u07FA', '\u302E', '\u302F', '\u3031', '\u3032', '\u3033', '\u3034', '\u3035', '\u303B'].includes(char))
          return false;
        return (
          char === '-' ||
          /[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]/u.test(char) ||
          ['\u00DF', '\u03C2', '\u06FD', '\u06FE', '\u0F0B', '\u3007'].includes(char)
        );
    }
  });
}

/**
 * JSON Schema's "hostname": RFC 1123 labels of letters, digits and inner hyphens, at most 63 characters
 * each and 253 in all, no trailing dot; an `xn--` label must be Punycode of a valid IDNA 2008 U-label.
 */
export function isHostname(text: string): boolean {
  const labels = text.split('.');
  return (
    text.length <= 253 &&
    labels.every((label) => {
      if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label)) return false;
      if (!/^xn--/i.test(label)) return true;
      const points = decodePunycode(label.slice(4));
      return points !== undefined && isULabel(points);
    })
  );
}
