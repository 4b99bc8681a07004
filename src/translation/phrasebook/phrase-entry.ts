import type { PhraseLanguage } from './phrase-language.js';
import type { PhraseTemplate } from './template/phrase-template.js';
import type { ValueType } from './values/value-types.js';

/** Where an entry was written: the file and line an error or a reviewer points to. */
export interface EntryOrigin {
  readonly file: string;
  readonly line: number;
}

/** One canonical sentence of a clinician, in every phrasebook language. */
export interface PhraseEntry {
  /** `<domain>.<slug>`, e.g. `pain.where`. */
  readonly id: string;
  readonly domain: string;
  /** The canonical text in each language: what the patient is told, and a way the clinician says it. */
  readonly texts: Readonly<Record<PhraseLanguage, PhraseTemplate>>;
  /** Other ways of saying the same, per language: matched, never shown. */
  readonly also: Readonly<Record<PhraseLanguage, readonly PhraseTemplate[]>>;
  /** A plainer wording for the patient (branch B), where one is written. */
  readonly plain: Readonly<Partial<Record<PhraseLanguage, PhraseTemplate>>>;
  /** The variable types every text carries, sorted. */
  readonly slots: readonly ValueType[];
  /** Who reviewed it, when a hospital's PHRASEBOOK_FILE says so; built-in entries are unreviewed. */
  readonly reviewedBy?: string;
  /** `built-in`, or the path of the hospital's file the entry (or its last change) came from. */
  readonly source: string;
  readonly origin: EntryOrigin;
}
