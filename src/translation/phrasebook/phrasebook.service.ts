import { Injectable } from '@nestjs/common';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import type { PatientGender } from '../../language/speech-settings.js';
import { phraseLanguageOf, type PhraseLanguage } from './phrase-language.js';
import type { PhraseMatch } from './phrase-matcher.js';
import { Phrasebook } from './phrasebook.js';
import { targetLanguageOf, type TargetLanguage } from './targets/target-language.js';
import type { AnswerLanguage, AnswerOption, ExpectedAnswers } from './answers/answer-book.js';

export type { AnswerOption, ExpectedAnswers };

/** What a fixed phrase gives for a sentence of the clinician. */
export interface PhraseTranslation {
  /** The phrase in the listener's language, values filled in. */
  readonly text: string;
  /** The phrase's id; for sentences said in one breath, theirs joined by " + ". */
  readonly phraseId: string;
  /** The phrase in the speaker's language, values filled in: what the matcher understood. */
  readonly understoodAs: string;
  /** A plainer wording in the listener's language (branch B), where the phrase has one. */
  readonly plain?: string;
  /** Who reviewed the phrase, from a hospital's PHRASEBOOK_FILE; built-in phrases are unreviewed. */
  readonly reviewedBy?: string;
}

/** A phrase offered to the clinician when none matched: its text in their language. */
export interface PhraseOffer {
  readonly phraseId: string;
  /** The phrase in the clinician's language, with the values the sentence named. */
  readonly text: string;
  readonly score: number;
  /** What sends it (PhrasebookService.translateMatches). */
  readonly match: PhraseMatch;
}

/** How many phrases the clinician is offered at most. */
export const MAX_OFFERS = 3;

/**
 * Fixed phrases in front of machine translation: a sentence a clinician says that strictly
 * matches a canonical sentence gets the phrase's translation, written in advance. The
 * phrasebook also writes to patients in languages no embedded engine translates (targets/):
 * there, a sentence with no phrase is not translated, and the closest phrases are offered.
 */
@Injectable()
export class PhrasebookService {
  constructor(private readonly phrasebook: Phrasebook) {}

  /**
   * The fixed phrase for `text`, or undefined when none matches (or either language is not one
   * of the phrasebook's): the machine translates it then. `patientGender`: the listener's, for
   * the words that agree with them.
   */
  translate(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    patientGender?: PatientGender,
  ): PhraseTranslation | undefined {
    const from = phraseLanguageOf(source);
    if (!from || !this.writesTo(target) || from === phraseLanguageOf(target)) return undefined;
    const matches = this.phrasebook.matchUtterance(text, from);
    return matches && this.translateMatches(matches, source, target, patientGender);
  }

  /** Phrases matched (or chosen by the clinician) in the listener's language; undefined if unwritten. */
  translateMatches(
    matches: readonly PhraseMatch[],
    source: CatalogLanguage,
    target: CatalogLanguage,
    patientGender?: PatientGender,
  ): PhraseTranslation | undefined {
    const from = phraseLanguageOf(source);
    if (!from) return undefined;
    const texts = matches.map((m) => this.render(m, target, patientGender));
    if (texts.some((t) => t === undefined)) return undefined;
    const to = phraseLanguageOf(target);
    const plains = to ? matches.map((m) => this.phrasebook.renderPlain(m, to, patientGender)) : [];
    // A time or place said with a phrase, or alternatives joined by "or", are the project's words
    // joined to the reviewed ones: unreviewed.
    const joined = (m: PhraseMatch) => m.adjunct || [...m.values.values()].some((v) => v.parts);
    const reviewers = matches.map((m) => (joined(m) ? undefined : this.reviewerOf(m, target)));
    return {
      text: join(texts as string[]),
      // Several sentences said in one breath: their phrases, in order.
      phraseId: matches.map((m) => m.entry.id).join(' + '),
      understoodAs: join(matches.map((m) => this.phrasebook.render(m, from, patientGender))),
      ...(to && plains.every((p) => p !== undefined) ? { plain: join(plains as string[]) } : {}),
      // Reviewed only when every phrase of it is.
      ...(reviewers.every((r) => r !== undefined)
        ? { reviewedBy: [...new Set(reviewers)].join('; ') }
        : {}),
    };
  }

  /**
   * The phrases closest to a sentence that matched none, written in the listener's language,
   * each in the speaker's words: what the clinician may choose to send instead.
   */
  offer(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    patientGender?: PatientGender,
  ): PhraseOffer[] {
    const from = phraseLanguageOf(source);
    if (!from || !this.writesTo(target)) return [];
    return this.phrasebook
      .suggest(text, from, MAX_OFFERS * 3)
      .filter(({ match }) => this.render(match, target, patientGender) !== undefined)
      .slice(0, MAX_OFFERS)
      .map(({ match, score }) => ({
        phraseId: match.entry.id,
        text: this.phrasebook.render(match, from, patientGender),
        score,
        match,
      }));
  }

  /** Whether the phrasebook writes to this language: one of the five, or a written target. */
  writesTo(language: CatalogLanguage): boolean {
    if (phraseLanguageOf(language)) return true;
    const target = targetLanguageOf(language);
    return target !== undefined && this.phrasebook.targets.has(target);
  }

  /** Whether a clinician speaking this language is matched (one of the five). */
  matchesFrom(language: CatalogLanguage): boolean {
    return phraseLanguageOf(language) !== undefined;
  }

  /** How many canonical sentences are written in the language, and how many there are. */
  coverage(language: CatalogLanguage): { readonly written: number; readonly total: number } {
    const total = this.phrasebook.entries.size;
    if (phraseLanguageOf(language)) return { written: total, total };
    const target = targetLanguageOf(language);
    const book = target && this.phrasebook.targets.get(target);
    if (!book) return { written: 0, total };
    const written = [...this.phrasebook.entries.keys()].filter((id) => book.has(id)).length;
    return { written, total };
  }

  /**
   * The answers the phrase a clinician's sentence matched expects, in the listener's language:
   * the last phrase's, where several were said in one breath (the question comes last).
   */
  expectedAnswers(
    translation: PhraseTranslation,
    listener: CatalogLanguage,
  ): ExpectedAnswers | undefined {
    const language = answerLanguageOf(listener);
    const last = translation.phraseId.split(' + ').pop() ?? '';
    return language && this.phrasebook.answers?.expectedFor(last, language);
  }

  /** What a patient can always say by touch, in their language. */
  alwaysAnswers(language: CatalogLanguage): readonly AnswerOption[] | undefined {
    const key = answerLanguageOf(language);
    return key && this.phrasebook.answers?.always(key);
  }

  /** A scale's end labels in the language ("No pain", "Worst pain"). */
  scaleLabels(language: CatalogLanguage): { none?: string; worst?: string } {
    const key = answerLanguageOf(language);
    const answers = this.phrasebook.answers;
    if (!key || !answers) return {};
    return { none: answers.label('scale-none', key), worst: answers.label('scale-worst', key) };
  }

  /**
   * A patient's sentence that is one of the answers (a tap, or the same words typed), in the
   * listener's language; undefined when it is not one.
   */
  translateAnswer(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
  ): { readonly text: string; readonly answerId: string } | undefined {
    const from = answerLanguageOf(source);
    const to = answerLanguageOf(target);
    const answers = this.phrasebook.answers;
    if (!from || !to || !answers) return undefined;
    const answerId = answers.answerOf(text, from);
    const translated = answerId && answers.text(answerId, to);
    return translated ? { text: translated, answerId } : undefined;
  }

  /** Who reviewed the phrase in the listener's language: the entry's, or the target text's. */
  private reviewerOf(match: PhraseMatch, target: CatalogLanguage): string | undefined {
    if (phraseLanguageOf(target)) return match.entry.reviewedBy;
    const written = targetLanguageOf(target);
    return written && this.phrasebook.targets.get(written)?.reviewedBy(match.entry.id);
  }

  private render(
    match: PhraseMatch,
    target: CatalogLanguage,
    gender: PatientGender | undefined,
  ): string | undefined {
    const to: PhraseLanguage | undefined = phraseLanguageOf(target);
    if (to) return this.phrasebook.render(match, to, gender);
    const written: TargetLanguage | undefined = targetLanguageOf(target);
    return written && this.phrasebook.renderTarget(match, written, gender);
  }
}

/** The key answers are written under for a catalog language. */
const answerLanguageOf = (language: CatalogLanguage): AnswerLanguage | undefined =>
  phraseLanguageOf(language) ?? targetLanguageOf(language);

const join = (parts: readonly string[]) => parts.join(' ');
