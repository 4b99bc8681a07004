import { AlternateStage } from './alternate-stage.js';
import { FixedPhraseStage } from './fixed-phrase-stage.js';
import { LiteralTranslationStage } from './literal-translation-stage.js';
import { RecognitionStage } from './recognition-stage.js';
import { ReformulationStage } from './reformulation-stage.js';
import { SpeechStage } from './speech-stage.js';

/** The stages SentencePipeline sequences, each a provider of the orchestrator module. */
export const PIPELINE_STAGES = [
  RecognitionStage,
  FixedPhraseStage,
  LiteralTranslationStage,
  ReformulationStage,
  AlternateStage,
  SpeechStage,
] as const;
