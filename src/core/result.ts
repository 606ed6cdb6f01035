/**
 * The outcome of something that can fail in an expected way (a parse, a compile, a save, a check), as a
 * value: `{ ok: true, ...what it made }` or `{ ok: false, ...why not }`. One shape for all of them, so
 * every caller narrows on `ok` the same way; a throw is kept for bugs. A tool call's outcome is
 * `ToolCallResult` instead, whose `status` is what the model and the timeline read.
 */
export type Result<Success extends object = object, Failure extends object = { message: string }> =
  ({ ok: true } & Success) | ({ ok: false } & Failure);
