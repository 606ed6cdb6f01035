// A light suffix stripper, not a full Porter stemmer: it only has to make "cities" meet "city" and
// "computing" meet "compute". Its mistakes are harmless as long as a query and a tool description make
// the same mistake, which they do because both go through this one function.

const vowel = /[aeiouy]/;

/**
 * Undoes the consonant doubling of "running" and "stopped"; "ll", "ss" and "zz" are usually part of the
 * root. Only called with three letters or more (the -ing and -ed rules check the length).
 */
function undouble(stem: string): string {
  const last = stem.slice(-1);
  if (last === stem.slice(-2, -1) && !vowel.test(last) && !'lsz'.includes(last)) return stem.slice(0, -1);
  return stem;
}

export function stem(word: string): string {
  // Short words and numbers ("42", "sku1042") have no suffix worth removing.
  if (word.length <= 3 || /\d/.test(word)) return word;
  let current = word;
  if (current.endsWith('ies') && current.length > 4) current = `${current.slice(0, -3)}y`;
  // "status", "analysis" and "address" end in s without being plurals. "classes" needs no rule of its
  // own: it loses the s here and the e below.
  else if (current.endsWith('s') && !/(ss|us|is)$/.test(current)) current = current.slice(0, -1);

  // Only strip -ing / -ed when a vowel is left, so "string" and "need" keep their meaning.
  if (current.endsWith('ing') && vowel.test(current.slice(0, -3)) && current.length > 5) current = undouble(current.slice(0, -3));
  else if (current.endsWith('ed') && vowel.test(current.slice(0, -2)) && current.length > 4) current = undouble(current.slice(0, -2));

  // A silent final e is dropped everywhere, so "rate", "rated" and "rating" all become "rat".
  if (current.endsWith('e') && current.length > 3) current = current.slice(0, -1);
  return current;
}
