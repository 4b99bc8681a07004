import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EngineUnavailableError } from '../../../common/errors/engine.errors.js';
import { protectedSpans } from '../../../language/medical-tokens.js';
import { EngineTranslation, TranslationEngine } from '../translation-engine.js';
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

  /** Finds the installed modes and starts their pipelines, so the first request is fast too. */
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
          const pipeline = new ApertiumPipeline(mode, command);
          pipeline.start();
          this.pipelines.set(mode, pipeline);
        } catch {
          this.logger.warn(`Apertium mode ${mode} is not installed; run npm run setup`);
        }
      }),
    );
    this.available = apertiumLanguages(new Set(this.pipelines.keys()));
    const extended = this.lexicon.modes.filter((mode) => this.pipelines.has(mode));
    this.logger.log(
      `Apertium ready: ${this.pipelines.size} modes, languages ${[...this.available].join(', ')}; clinical lexicon in ${extended.length} modes; ${this.rules.size} rule files`,
    );
  }

  onModuleDestroy(): void {
    for (const pipeline of this.pipelines.values()) pipeline.close();
    this.pipelines.clear();
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
    // The stream format is kept between the two steps of a pivot, so protected spans stay
    // protected, and a clinical term goes through both steps already in the target language.
    // A bare number goes through as a word: Apertium copies digits as they are and makes the
    // words around agree with it ("3 fois" → "3 times", not "3 time"), where a superblank may
    // land elsewhere ("Je 95 pèse des kilos"). The service's number check stays behind it.
    const doses = protectedSpans(text).filter(
      ({ start, end }) => !BARE_NUMBER.test(text.slice(start, end)),
    );
    const spans = [...doses, ...fixedTerms].sort((a, b) => a.start - b.start);
    let stream = genderMarks(speakerGender, addresseeGender) + toApertiumStream(text, spans);
    const unknown = new Set<string>();
    for (const [step, mode] of route.entries()) {
      // The last step writes the formal register (usted, vous, Lei); a pivot step must not.
      const input = step === route.length - 1 ? FORMAL_MARK + stream : stream;
      const output = await this.pipelines.get(mode)!.translate(input, signal);
      // A word the first step left in Spanish and the second did not know is a pivot leak.
      for (const word of unknownWords(output)) unknown.add(word);
      stream = stripMarkers(output);
    }
    reportUnknownWords?.([...unknown]);
    const translated = fromApertiumStream(withoutGenderMarks(stream.replace(FORMAL_MARK, '')));
    return target.code === SPANISH ? withOpeningMarks(translated) : withoutOpeningMarks(translated);
  }
}
