// Trajectory assertions: what a scenario expects of a run, as data (issue 19). Plain zod, no other import,
// so an exported project can check the same expectations with the same code.
import { z } from 'zod';

const toolName = z.string().min(1).describe('A tool name');
const count = z.number().int().min(0);

export const expectationSchema = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('called'),
      tool: toolName,
      /** Every key given must match (deep partial match); other keys may be anything. */
      arguments: z.record(z.string(), z.unknown()).optional().describe('A partial object the arguments must match'),
      min: count.optional().describe('At least this many matching calls (default 1)'),
      max: count.optional().describe('At most this many matching calls'),
    })
    .describe('The tool was called (with matching arguments)'),
  z.strictObject({ type: z.literal('not-called'), tool: toolName }).describe('The tool was never called'),
  z
    .strictObject({ type: z.literal('order'), first: toolName, then: toolName })
    .describe('Every call of `then` started after the first call of `first` ended'),
  z
    .strictObject({ type: z.literal('max-calls'), max: count, tool: toolName.optional() })
    .describe('At most `max` tool calls (of `tool`, or in all)'),
  z
    .strictObject({ type: z.literal('no-error'), kind: z.string().optional(), tool: toolName.optional() })
    .describe('No call ended in an error (of this kind, or of this tool)'),
  z
    .strictObject({ type: z.literal('final-answer'), contains: z.string().optional(), matches: z.string().optional() })
    .describe('The final answer contains a text or matches a regular expression'),
  z.strictObject({ type: z.literal('total-time'), maxMs: z.number().min(0) }).describe('The run took at most maxMs (virtual clock)'),
  z
    .strictObject({ type: z.literal('p95-duration'), maxMs: z.number().min(0), tool: toolName.optional() })
    .describe('The 95th percentile of call durations is at most maxMs'),
  z.strictObject({ type: z.literal('max-concurrency'), max: z.number().int().min(1) }).describe('At most `max` calls ran at once'),
]);

export const expectationsSchema = z.array(expectationSchema);

export type Expectation = z.infer<typeof expectationSchema>;

/** For the JSON editor's completion and hover. */
export function expectationsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(expectationsSchema, { io: 'input' }) as Record<string, unknown>;
}
