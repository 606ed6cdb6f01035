// What Monaco can take on the page's main thread. A share link or a file can carry any text: one line of
// 200,000 brackets made Monaco build a decoration per bracket for ~9 s (and its JSON worker overflow its
// stack), issue 28. Text beyond these bounds is shown in a plain text area instead.

/** Monaco stops drawing a line after 10,000 characters, but still works on all of it. */
export const maxEditorLineLength = 50_000;
/** Brackets of any kind open at once; code and JSON written by people stay far below. */
export const maxEditorNesting = 256;
export const maxEditorCharacters = 2_000_000;

/** Why `text` is too much for the code editor, or undefined when it is fine. One pass, no parsing. */
export function beyondEditor(text: string): string | undefined {
  if (text.length > maxEditorCharacters) return `it is ${text.length.toLocaleString('en')} characters long`;
  let lineStart = 0;
  let longestLine = 0;
  let depth = 0;
  for (let index = 0; index <= text.length; index++) {
    const character = index === text.length ? 10 : text.charCodeAt(index);
    if (character === 10 /* \n, or the end */) {
      longestLine = Math.max(longestLine, index - lineStart);
      lineStart = index + 1;
    } else if (character === 123 /* { */ || character === 91 /* [ */ || character === 40 /* ( */) {
      depth++;
      if (depth > maxEditorNesting) return `its brackets nest more than ${maxEditorNesting} deep`;
    } else if (character === 125 /* } */ || character === 93 /* ] */ || character === 41 /* ) */) depth = Math.max(0, depth - 1);
  }
  if (longestLine > maxEditorLineLength) return `a line of it is ${longestLine.toLocaleString('en')} characters long`;
  return undefined;
}
