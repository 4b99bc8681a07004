import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { AsrEngine } from './asr-engine.js';

/**
 * The recognizer that proposes words in a combined engine (moonshine-pocketsphinx/): its
 * transcript of a sentence, whole or streamed while it is spoken, and the clinical words its
 * model was given, which the scoring recognizer may never have heard. The combined engine
 * starts, stops, probes and measures it with itself.
 */
export interface ProposingRecognizer
  extends
    OnModuleInit,
    OnModuleDestroy,
    Pick<AsrEngine, 'transcribe'>,
    Required<Pick<AsrEngine, 'openStream' | 'probe' | 'usage'>> {
  /**
   * The words of its clinical vocabulary, lower case, function words left out: a word of this
   * set that it heard and the scoring recognizer did not is evidence for its text.
   */
  clinicalWords(): ReadonlySet<string>;
}
