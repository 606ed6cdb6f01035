/** A problem at a place in an editor's text (1-based line and column, as Monaco counts). */
export interface EditorProblem {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  severity: 'error' | 'warning';
  /** Who found it: "TypeScript", "schema", "code", "validation"… */
  source: string;
}
