/**
 * What the AsyncAPI document says about one message besides its schema. Typed by the message,
 * so that the compiler wants a description for every field and checks every example.
 */
export interface MessageDoc<M> {
  /** A short human title, e.g. "Set speed". */
  readonly title: string;
  /** One line: what the message is for. */
  readonly summary: string;
  /** When it is sent and what follows (docs/protocol.md has the long form). */
  readonly description: string;
  /** Every field except `type`, described. */
  readonly fields: { readonly [K in Exclude<keyof M, 'type'>]-?: string };
  /** At least one, captured from the service where possible (docs/protocol.md). */
  readonly examples: readonly [MessageExample<M>, ...MessageExample<M>[]];
}

export interface MessageExample<M> {
  readonly name: string;
  readonly summary: string;
  readonly payload: M;
}

/** The `sentence_id` of every message about a sentence. */
export const SENTENCE_ID = 'The sentence: `s1`, `s2`, … in the order sentences were detected.';
/** The `revision` of every result that a speaker correction can redo. */
export const REVISION = 'The revision: 1, then one more per effective `correct_speaker`.';
