// Sucrase keeps lines but not columns: `z.string()` becomes `_zod.z.string()`, and line 1 gains a
// preamble. Its source map has a segment per token, so a column in the transpiled code can be traced
// back exactly. Only the decoding part of the source map format is needed, hence this small decoder
// rather than a dependency (the codec exists in node_modules only as a transitive dependency).

/** 1-based, as Monaco markers want them. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** Per generated line (0-based): segments [generatedColumn, sourceLine, sourceColumn], all 0-based. */
export type ColumnMap = [number, number, number][][];

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Values = new Map([...base64].map((character, index) => [character, index]));

export function decodeMappings(mappings: string): ColumnMap {
  const lines: ColumnMap = [];
  let sourceLine = 0;
  let sourceColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments: [number, number, number][] = [];
    let generatedColumn = 0;
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue;
      const fields = decodeVlq(segmentText);
      generatedColumn += fields[0] ?? 0;
      // A one-field segment maps to nothing; it only moves the generated column.
      if (fields.length < 4) continue;
      sourceLine += fields[2] ?? 0;
      sourceColumn += fields[3] ?? 0;
      segments.push([generatedColumn, sourceLine, sourceColumn]);
    }
    lines.push(segments);
  }
  return lines;
}

function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of text) {
    const digit = base64Values.get(character);
    if (digit === undefined) return values;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** The source position of a 1-based (line, column) of the transpiled code; undefined if unmapped. */
export function originalPosition(map: ColumnMap, line: number, column: number): SourcePosition | undefined {
  const segments = map[line - 1];
  if (!segments || segments.length === 0) return undefined;
  const generatedColumn = column - 1;
  let best: [number, number, number] | undefined;
  for (const segment of segments) {
    if (segment[0] > generatedColumn) break;
    best = segment;
  }
  if (!best) return { line: (segments[0]?.[1] ?? line - 1) + 1, column: 1 };
  // Inside a token the offset from its start carries over (identifiers are not renamed in place).
  return { line: best[1] + 1, column: best[2] + (generatedColumn - best[0]) + 1 };
}
