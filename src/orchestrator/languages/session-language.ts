import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';

// Types only: the sentence record (and through it the server messages the console imports) uses
// this without pulling in the service and its engines.

/** A language a session can use, as the handshake resolved it. */
export interface SessionLanguage {
  readonly language: CatalogLanguage;
  /** Normalized BCP-47 locale, e.g. `fr-FR`. */
  readonly locale: string;
  /**
   * Issue 32: no engine translates it; a patient in it reads only the fixed phrases written in
   * advance, and answers by touch.
   */
  readonly fixedPhrasesOnly?: boolean;
  /** Issue 32: no installed voice speaks it; the listener reads the text alone. */
  readonly voiceless?: boolean;
}
