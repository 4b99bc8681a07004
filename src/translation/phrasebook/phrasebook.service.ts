import { Injectable } from '@nestjs/common';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import type { PatientGender } from '../../language/speech-settings.js';
import { phraseLanguageOf } from './phrase-language.js';
import type { PhraseMatch } from './phrase-matcher.js';
import { Phrasebook } from './phrasebook.js';

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

/**
 * Fixed phrases in front of machine translation: a sentence a clinician says that strictly
 * matches a canonical sentence gets the phrase's translation, written in advance.
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
    const to = phraseLanguageOf(target);
    if (!from || !to || from === to) return undefined;
    const matches = this.phrasebook.matchUtterance(text, from);
    if (!matches) return undefined;
    const join = (parts: readonly string[]) => parts.join(' ');
    const plains = matches.map((m) => this.phrasebook.renderPlain(m, to, patientGender));
    // A time or place said with a phrase, or alternatives joined by "or", are the project's words
    // joined to the reviewed ones: unreviewed.
    const joined = (m: PhraseMatch) => m.adjunct || [...m.values.values()].some((v) => v.parts);
    const reviewers = matches.map((m) => (joined(m) ? undefined : m.entry.reviewedBy));
    return {
      text: join(matches.map((m) => this.phrasebook.render(m, to, patientGender))),
      // Several sentences said in one breath: their phrases, in order.
      phraseId: matches.map((m) => m.entry.id).join(' + '),
      understoodAs: join(matches.map((m) => this.phrasebook.render(m, from, patientGender))),
      ...(plains.every((p) => p !== undefined) ? { plain: join(plains as string[]) } : {}),
      // Reviewed only when every phrase of it is.
      ...(reviewers.every((r) => r !== undefined)
        ? { reviewedBy: [...new Set(reviewers)].join('; ') }
        : {}),
    };
  }
}
