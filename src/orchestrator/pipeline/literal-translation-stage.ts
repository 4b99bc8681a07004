import { Injectable } from '@nestjs/common';
import {
  type SentenceTranslation,
  TranslationService,
} from '../../translation/translation.service.js';
import type { LiteralTranslation, SentenceRecord } from '../conversation/conversation.types.js';
import { partyGenders } from './conversation-parties.js';
import { FidelityScorer } from './fidelity/fidelity-scorer.js';
import { mostlyUntranslated } from './outside-language.js';
import type { StageOutput } from './pipeline-output.js';
import { sameLanguage, type TranslationDirection } from './role-resolver.js';
import { settle } from './settle.js';

/**
 * The literal stage (branch A's text): the sentence translated for the listener, then checked by
 * a translation back and scored for fidelity. It sends translation_result.
 */
@Injectable()
export class LiteralTranslationStage {
  constructor(
    private readonly translation: TranslationService,
    private readonly fidelity: FidelityScorer,
  ) {}

  /**
   * A's text; `outside` when the text is in neither party's language (inNeitherLanguage);
   * undefined when translation failed (reported) or the session is gone.
   */
  async translate(
    record: SentenceRecord,
    direction: TranslationDirection,
    out: StageOutput,
  ): Promise<SentenceTranslation | 'outside' | undefined> {
    const { source, target } = direction;
    const literal = await settle(
      this.translation.translateSentence(record.text, source.language, target.language, {
        ...partyGenders(record.role, out.parties),
        speaker: record.role,
      }),
    );
    if (out.signal.aborted) return undefined;
    if (!literal.ok) {
      out.observe({ kind: 'branchFailed', branch: 'A' });
      out.fail(record, 'Translation', literal.error);
      return undefined;
    }
    if (await this.inNeitherLanguage(record, literal.value.untranslated, direction, out)) {
      return 'outside';
    }
    return literal.value;
  }

  /**
   * Checks A's text by a round trip (none for a fixed phrase, written in advance, nor between
   * the same language), and sends it with its fidelity for the sentence's `revision`. The round
   * trip starts at once, before anything this stage's caller starts after it. Returns whether
   * it was sent (false: the session is gone).
   */
  async check(
    record: SentenceRecord,
    revision: number,
    draft: SentenceTranslation,
    { source, target }: TranslationDirection,
    out: StageOutput,
  ): Promise<boolean> {
    const { text, untranslated, origin, phrase } = draft;
    const genders = partyGenders(record.role, out.parties);
    const back =
      sameLanguage(source, target) || phrase
        ? undefined
        : settle(this.translation.translateText(text, target.language, source.language, genders));
    const backTranslation = back ? await back : undefined;
    if (out.signal.aborted) return false;
    if (backTranslation) out.observe({ kind: 'backTranslated', succeeded: backTranslation.ok });
    if (backTranslation && !backTranslation.ok) {
      out.warn(record, 'Back-translation', backTranslation.error);
    }
    const back_translation = backTranslation?.ok ? backTranslation.value : undefined;
    // How likely the translation is faithful, 0..1 (fidelity/: calibrated on the devset).
    const fidelity =
      back_translation !== undefined
        ? round(
            this.fidelity.score({
              source: record.text,
              translation: text,
              backTranslation: back_translation,
              sourceLanguage: source.language,
              targetLanguage: target.language,
              untranslatedWords: untranslated,
            }),
          )
        : undefined;
    const translation: LiteralTranslation = {
      revision,
      sourceLanguage: source.locale,
      targetLanguage: target.locale,
      text,
      backTranslation: back_translation,
      fidelity,
      untranslatedWords: untranslated.length > 0 ? [...untranslated] : undefined,
      origin,
      phraseId: phrase?.phraseId,
      understoodAs: phrase?.understoodAs,
      reviewedBy: phrase?.reviewedBy,
      answers: phrase && this.translation.expectedAnswers(phrase, target.language),
    };
    record.translations.push(translation);
    out.emit({ kind: 'translated', sentence: record, translation });
    return true;
  }

  /**
   * The engine knew almost none of the text's words in the language it was taken for, nor, when
   * that language was only assumed (a text too short or too unusual to identify), in the other
   * party's: it is in neither (Haitian Creole in an English–Spanish session). A text of the other
   * party's that was assumed to be this one's is not withheld: it is translated as before.
   */
  private async inNeitherLanguage(
    record: SentenceRecord,
    untranslated: readonly string[],
    { source }: TranslationDirection,
    { parties }: StageOutput,
  ): Promise<boolean> {
    if (!mostlyUntranslated(record.text, untranslated)) return false;
    if (record.languageIdentified) return true;
    const other = sameLanguage(source, parties.medic) ? parties.patient : parties.medic;
    if (sameLanguage(other, source)) return true;
    const asOther = await settle(
      this.translation.translateChecked(record.text, other.language, source.language),
    );
    return asOther.ok && mostlyUntranslated(record.text, asOther.value.untranslated);
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;
