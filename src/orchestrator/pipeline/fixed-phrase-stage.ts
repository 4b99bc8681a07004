import { Injectable } from '@nestjs/common';
import type {
  PhraseOffer,
  PhraseTranslation,
} from '../../translation/phrasebook/phrasebook.service.js';
import type { SessionLanguage } from '../languages/session-language.js';
import { TranslationService } from '../../translation/translation.service.js';
import type {
  LiteralTranslation,
  NotTranslatedReason,
  OfferedAnswers,
  OfferedPhrase,
  SentenceRecord,
} from '../conversation/conversation.types.js';
import { type ConversationParties, partyGenders } from './conversation-parties.js';
import { sameLanguage, type TranslationDirection } from './role-resolver.js';

/** A translation written in advance: a fixed phrase, a chosen one, or a patient's answer. */
export interface WrittenTranslation {
  readonly text: string;
  readonly phraseId: string;
  readonly understoodAs: string;
  readonly reviewedBy?: string;
  /** Branch B: the phrase's plainer wording where written; otherwise A's text again. */
  readonly plain?: string;
  readonly answers?: OfferedAnswers;
  readonly chosen?: boolean;
}

/** What the stage decides for a revision. */
export type FixedPhraseOutcome =
  /** Not this stage's: the machine translates (a phrase may still answer, as before). */
  | { readonly kind: 'machine' }
  | { readonly kind: 'written'; readonly translation: WrittenTranslation }
  | {
      readonly kind: 'withheld';
      readonly reason: NotTranslatedReason;
      readonly language: string;
      readonly suggestions?: readonly OfferedPhrase[];
      readonly offers?: readonly PhraseOffer[];
    };

/**
 * The fixed-phrase stage (issue 32): what is written in advance reaches the listener, and for a
 * patient whose language no engine translates, nothing else does.
 * - A patient's answer (a tap, or the same words typed) reaches the clinician as the same
 *   answer written in the clinician's language, in every session.
 * - To a patient in a fixed-phrase-only language, the clinician's sentence goes as its phrase;
 *   with none, it is withheld and the closest phrases are offered to the clinician.
 * - From such a patient, a text that is no answer is withheld: it cannot be translated.
 */
@Injectable()
export class FixedPhraseStage {
  constructor(private readonly translation: TranslationService) {}

  decide(
    record: SentenceRecord,
    { source, target, listener }: TranslationDirection,
    parties: ConversationParties,
  ): FixedPhraseOutcome {
    if (sameLanguage(source, target)) return { kind: 'machine' };
    if (listener === 'medic') {
      const answer = this.translation.translateAnswer(
        record.text,
        source.language,
        target.language,
      );
      if (answer) {
        return {
          kind: 'written',
          translation: {
            text: answer.text,
            phraseId: `answer.${answer.answerId}`,
            understoodAs: record.text,
          },
        };
      }
      if (source.fixedPhrasesOnly) {
        return { kind: 'withheld', reason: 'language_not_translated', language: source.locale };
      }
      return { kind: 'machine' };
    }
    if (!target.fixedPhrasesOnly) return { kind: 'machine' };
    const gender = partyGenders('medic', parties).addresseeGender;
    const phrase = this.translation.fixedPhrase(
      record.text,
      source.language,
      target.language,
      gender,
    );
    if (phrase) return { kind: 'written', translation: this.written(phrase, target) };
    const offers = this.translation.offerPhrases(
      record.text,
      source.language,
      target.language,
      gender,
    );
    return {
      kind: 'withheld',
      reason: 'no_fixed_phrase',
      language: target.locale,
      suggestions: offers.map((o) => ({ phraseId: o.phraseId, text: o.text })),
      offers,
    };
  }

  /** The phrase the clinician chose among those offered for the sentence, or undefined. */
  chosen(
    record: SentenceRecord,
    phraseId: string,
    { source, target }: TranslationDirection,
    parties: ConversationParties,
  ): WrittenTranslation | undefined {
    const offer = (record.offers as readonly PhraseOffer[] | undefined)?.find(
      (o) => o.phraseId === phraseId,
    );
    if (!offer) return undefined;
    const gender = partyGenders('medic', parties).addresseeGender;
    const phrase = this.translation.chosenPhrase(offer, source.language, target.language, gender);
    return phrase && { ...this.written(phrase, target), chosen: true };
  }

  /** A phrase as sent to the listener, with the answers its question expects. */
  private written(phrase: PhraseTranslation, target: SessionLanguage): WrittenTranslation {
    return {
      text: phrase.text,
      phraseId: phrase.phraseId,
      understoodAs: phrase.understoodAs,
      reviewedBy: phrase.reviewedBy,
      plain: phrase.plain,
      answers: this.translation.expectedAnswers(phrase, target.language),
    };
  }

  /** The phrase ids offered for the sentence's latest revision (for a clear refusal). */
  offered(record: SentenceRecord): string[] {
    return ((record.offers as readonly PhraseOffer[] | undefined) ?? []).map((o) => o.phraseId);
  }

  /** Branch A of a revision, as written in advance: no round trip checks it. */
  static translation(
    written: WrittenTranslation,
    revision: number,
    { source, target }: TranslationDirection,
  ): LiteralTranslation {
    return {
      revision,
      sourceLanguage: source.locale,
      targetLanguage: target.locale,
      text: written.text,
      origin: 'phrasebook',
      phraseId: written.phraseId,
      understoodAs: written.understoodAs,
      reviewedBy: written.reviewedBy,
      answers: written.answers,
      chosen: written.chosen,
    };
  }
}
