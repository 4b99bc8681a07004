import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PhraseEntry } from './phrase-entry.js';
import type { PhraseLanguage } from './phrase-language.js';
import { LanguageMatcher } from './phrase-matcher.js';
import { PhraseSuggester } from './suggestions/phrase-suggester.js';
import type { ValueLexicon } from './values/value-lexicon.js';

/** Entries indexed per turn of the event loop while preparing: about 8 ms of work. */
const ENTRIES_PER_TURN = 50;

/**
 * One language's matcher and suggester, holding every wording of the phrasebook's entries in
 * that language. Indexing them all takes about 0.45 s: `complete` does what is left at once (a
 * sentence to match cannot wait), `prepare` does it a slice at a time between other work, so
 * that a session readying its languages holds no other session up.
 */
export class LanguageIndex {
  readonly matcher: LanguageMatcher;
  readonly suggester: PhraseSuggester;
  private readonly entries: readonly PhraseEntry[];
  private indexed = 0;
  private preparing?: Promise<void>;

  constructor(
    readonly language: PhraseLanguage,
    lexicon: ValueLexicon,
    entries: Iterable<PhraseEntry>,
    private readonly entriesPerTurn = ENTRIES_PER_TURN,
  ) {
    this.matcher = new LanguageMatcher(language, lexicon);
    this.suggester = new PhraseSuggester(this.matcher);
    this.entries = [...entries];
  }

  get complete(): boolean {
    return this.indexed === this.entries.length;
  }

  /** Indexes what is left now. */
  completed(): this {
    while (!this.complete) this.indexNext();
    return this;
  }

  /** Indexes what is left a slice per turn of the event loop; resolves once all is indexed. */
  prepare(): Promise<void> {
    this.preparing ??= (async () => {
      while (!this.complete) {
        for (let n = 0; n < this.entriesPerTurn && !this.complete; n++) this.indexNext();
        await nextTurn();
      }
    })();
    return this.preparing;
  }

  private indexNext(): void {
    const entry = this.entries[this.indexed];
    for (const template of [entry.texts[this.language], ...entry.also[this.language]]) {
      this.suggester.add(entry, this.matcher.add(entry, template));
    }
    this.indexed++;
  }
}
