// What the argument builder draws values from while it fills one object (argument-builder.ts,
// string-argument.ts): the message's words, names and numbers not yet used, and an earlier step's result.

/** What an earlier step returned, for a step that needs its result ("write the report and email it"). */
export interface Carried {
  /** What the result is about ("Q3 report for the Nordics"): a subject line, a title. */
  subject?: string;
  /** The result as text: a body, a message. */
  text?: string;
}

export interface Pools {
  message: string;
  messageWords: Set<string>;
  /** Names and quoted text from the message, not yet given to a field. */
  strings: string[];
  numbers: number[];
  /** Enum values other fields of this object already took from the message. */
  takenOptions: Set<unknown>;
  /** What an earlier step returned, for a step that needs it ("email it"). */
  carried?: Carried;
}
