// How a call fails, as a value the model can read (never an exception): the kind, the message, where.
// The classes a tool may throw to say which kind it means are in errors.ts.

/** Why a call failed. Every failure of a call is one of these, never an exception. */
export type ErrorKind = 'unknown_tool' | 'invalid_arguments' | 'execution_error' | 'timeout' | 'aborted' | 'unavailable';

/** One problem with the arguments. `path` is dot-joined with numeric array indexes (`a.b.0`); root is `''`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export interface ToolError {
  kind: ErrorKind;
  message: string;
  /** Present for `invalid_arguments`. */
  issues?: ValidationIssue[];
  /** The failure is transient: trying again later may succeed (whether or not the executor retried). */
  retryable: boolean;
  /**
   * Where in the tool's own source it failed, when the runtime knows (sandboxed tools report it). Kept out
   * of `message`: the model cannot use an editor position, the person fixing the tool can.
   */
  location?: SourceLocation;
}

/** A place in a tool's source, 1-based as editors count. */
export interface SourceLocation {
  line: number;
  column: number;
}
