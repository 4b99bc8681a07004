import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EngineUnavailableError } from '../../../common/errors/engine.errors.js';
import { protectedSpans } from '../../../language/medical-tokens.js';
import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';
import { writesTerm } from '../glossary-terms.js';
import { EngineTranslation, FixedTerm, TranslationEngine } from '../translation-engine.js';
import { ApertiumPipeline } from './apertium-pipeline.js';
import { ClinicalLexicon } from './clinical-lexicon.js';
import { PairRules } from './pair-rules.js';
import { apertiumLanguages, APERTIUM_MODES, apertiumRoute } from './apertium-modes.js';
import { FORMAL_MARK, withFormalRegister } from './formal-register.js';
import { genderMarks, withoutGenderMarks, withPartyGender } from './party-gender.js';
import { withSubjectPronouns } from './subject-pronouns.js';
import { withOpeningMarks, withoutOpeningMarks } from './spanish-punctuation.js';
import {
  fromApertiumStream,
  stripMarkers,
  toApertiumStream,
  unknownWords,
} from './apertium-stream-format.js';

const run = promisify(execFile);
const BARE_NUMBER = /^\d+(?:[.,]\d+)?$/;
const SPANISH = 'spa_Latn';

/**
 * The embedded engine: Debian's Apertium pairs, each as one persistent null-flush pipeline.
 * Doses and numbers travel as superblanks, so they come out exactly as they went in.
 */
export class ApertiumEngine implements TranslationEngine, OnModuleInit, OnModuleDestroy {
  readonly name = 'apertium';
  private readonly logger = new Logger(ApertiumEngine.name);
  private readonly pipelines = new Map<string, ApertiumPipeline>();
  private available: ReadonlySet<string> = new Set();

  constructor(
    private readonly dataDir: string,
    private readonly lexicon: ClinicalLexicon = ClinicalLexicon.load(),
    private readonly rules: PairRules = PairRules.load(),
  ) {}

  /**
   * Finds the installed modes. Their pipelines start on first use, or when a session names its
   * languages (prepare): the eight pipelines at idle held about 600 MiB (docs/deployment.md).
   */
  async onModuleInit(): Promise<void> {
    await Promise.all(
      APERTIUM_MODES.map(async ({ mode, source, target }) => {
        const file = join(this.dataDir, 'modes', `${mode}.mode`);
        try {
          await access(file);
          const { stdout } = await run('apertium-wblank-mode', ['-z', file]);
          // Agreement first: it reads "you" as the second person, which the formal step rewrites.
          const command = withSubjectPronouns(
            withFormalRegister(
              withPartyGender(
                this.rules.apply(mode, source, target, this.lexicon.apply(mode, stdout.trim())),
                target,
              ),
              target,
            ),
            source,
            target,
          );
          this.pipelines.set(mode, new ApertiumPipeline(mode, command));
        } catch {
          this.logger.warn(`Apertium mode ${mode} is not installed; run npm run setup`);
        }
      }),
    );
    this.available = apertiumLanguages(new Set(this.pipelines.keys()));
    const extended = this.lexicon.modes.filter((mode) => this.pipelines.has(mode));
    this.logger.log(
      `Apertium ready: ${this.pipelines.size} modes, languages ${[...this.available].join(', ')}; clinical lexicon in ${extended.length} modes; ${this.rules.size} rule files; pipelines start on first use`,
    );
  }

  onModuleDestroy(): void {
    for (const pipeline of this.pipelines.values()) pipeline.close();
    this.pipelines.clear();
  }

  /** Starts the pipelines of both directions between two languages (pivots included). */
  prepare(first: string, second: string): void {
    const installed = new Set(this.pipelines.keys());
    for (const [source, target] of [
      [first, second],
      [second, first],
    ]) {
      for (const mode of apertiumRoute(source, target, installed) ?? []) {
        this.pipelines.get(mode)?.start();
      }
    }
  }

  /** The modes whose pipeline runs now, sorted, for tests and diagnostics. */
  startedModes(): string[] {
    return [...this.pipelines.values()]
      .filter((pipeline) => pipeline.running)
      .map((pipeline) => pipeline.mode)
      .sort();
  }

  availableCodes(): Promise<ReadonlySet<string>> {
    return Promise.resolve(this.available);
  }

  async translate(
    {
      text,
      source,
      target,
      fixedTerms = [],
      reportUnknownWords,
      speakerGender,
      addresseeGender,
    }: EngineTranslation,
    signal: AbortSignal,
  ): Promise<string> {
    const route = apertiumRoute(source.code, target.code, new Set(this.pipelines.keys()));
    if (!route) {
      throw new EngineUnavailableError(
        'Translation',
        this.name,
        `no Apertium pair translates ${source.code} to ${target.code}`,
        'Run npm run setup to install the Apertium language pairs.',
      );
    }
    const genders = genderMarks(speakerGender, addresseeGender);
    // A built-in term travels as a superblank, which the rules and the transfer cannot see: a
    // determiner before it, a verb agreeing with it, an adjective after it go wrong ("Mine knee
    // hurts"). So the text goes first with only the hospital's glossary fixed; where the pair
    // already wrote every built-in term as the table does, that is the translation. Otherwise
    // the built-in terms it missed are fixed, as before (issue 33).
    const builtIn = fixedTerms.filter((term) => term.source === 'builtin');
    const glossary = fixedTerms.filter((term) => term.source !== 'builtin');
    let result = await this.translateOnce(text, glossary, route, target, genders, signal);
    const missed = builtIn.filter((term) => !writesTerm(result.translated, term, false));
    if (missed.length > 0) {
      result = await this.translateOnce(
        text,
        [...glossary, ...missed],
        route,
        target,
        genders,
        signal,
      );
    }
    reportUnknownWords?.(result.unknown);
    return result.translated;
  }

  private async translateOnce(
    text: string,
    fixedTerms: readonly FixedTerm[],
    route: string[],
    target: CatalogLanguage,
    genders: string,
    signal: AbortSignal,
  ): Promise<{ translated: string; unknown: string[] }> {
    // The stream format is kept between the two steps of a pivot, so protected spans stay
    // protected, and a clinical term goes through both steps already in the target language.
    // A bare number goes through as a word: Apertium copies digits as they are and makes the
    // words around agree with it ("3 fois" → "3 times", not "3 time"), where a superblank may
    // land elsewhere ("Je 95 pèse des kilos"). The service's number check stays behind it.
    const doses = protectedSpans(text).filter(
      ({ start, end }) => !BARE_NUMBER.test(text.slice(start, end)),
    );
    const spans = [...doses, ...fixedTerms].sort((a, b) => a.start - b.start);
    let stream = genders + toApertiumStream(text, spans);
    const unknown = new Set<string>();
    for (const [step, mode] of route.entries()) {
      // The last step writes the formal register (usted, vous, Lei); a pivot step must not.
      const input = step === route.length - 1 ? FORMAL_MARK + stream : stream;
      const output = await this.pipelines.get(mode)!.translate(input, signal);
      // A word the first step left in Spanish and the second did not know is a pivot leak.
      for (const word of unknownWords(output)) unknown.add(word);
      stream = stripMarkers(output);
    }
    const translated = fromApertiumStream(withoutGenderMarks(stream.replace(FORMAL_MARK, '')));
    return {
      translated:
        target.code === SPANISH ? withOpeningMarks(translated) : withoutOpeningMarks(translated),
      unknown: [...unknown],
    };
  }
}
