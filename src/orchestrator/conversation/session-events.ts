import type {
  AlternateSpeakerTranslation,
  BranchCSkipReason,
  FlagRecord,
  LiteralTranslation,
  Reformulation,
  SentenceRecord,
  SessionEndReason,
  SessionErrorService,
  SpeakerCorrection,
  SynthesizedSpeech,
  WithheldTranslation,
} from './conversation.types.js';

/**
 * What a sentence's pipeline produces, in the order it produces it. The session turns each into
 * a server message through protocol/server-message-mapper.ts, the one place that knows the wire.
 */
export type PipelineResult =
  | { readonly kind: 'recognized'; readonly sentence: SentenceRecord }
  | { readonly kind: 'empty'; readonly sentence: SentenceRecord }
  | {
      readonly kind: 'translated';
      readonly sentence: SentenceRecord;
      readonly translation: LiteralTranslation;
    }
  | {
      readonly kind: 'withheld';
      readonly sentence: SentenceRecord;
      readonly withheld: WithheldTranslation;
    }
  | {
      readonly kind: 'reformulated';
      readonly sentence: SentenceRecord;
      readonly reformulation: Reformulation;
    }
  | {
      readonly kind: 'spoken';
      readonly sentence: SentenceRecord;
      readonly speech: SynthesizedSpeech;
    }
  | {
      readonly kind: 'alternate';
      readonly sentence: SentenceRecord;
      readonly alternate: AlternateSpeakerTranslation;
    }
  | {
      readonly kind: 'alternateSkipped';
      readonly sentence: SentenceRecord;
      readonly reason: BranchCSkipReason;
    };

/** What the session itself answers: acknowledgements, its end, and failures. */
export type SessionResult =
  | { readonly kind: 'speedUpdated'; readonly speed: number }
  | { readonly kind: 'flagged'; readonly flag: FlagRecord }
  | { readonly kind: 'corrected'; readonly correction: SpeakerCorrection }
  | { readonly kind: 'alternateTriggered'; readonly sentenceId: string }
  /** The words so far of a sentence still spoken (a live caption). */
  | { readonly kind: 'partial'; readonly sentenceId: string; readonly text: string }
  | {
      readonly kind: 'exitAcknowledged';
      readonly archive: boolean;
      readonly pendingSentences: number;
      readonly reason: SessionEndReason;
    }
  | { readonly kind: 'archive'; readonly filename: string; readonly bytes: Uint8Array }
  | {
      readonly kind: 'failure';
      readonly service: SessionErrorService;
      readonly message: string;
      /** The sentence it concerns, if any. */
      readonly sentenceId?: string;
    };

export type SessionEvent = PipelineResult | SessionResult;
