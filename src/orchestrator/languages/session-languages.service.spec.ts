import { describe, expect, it } from '@jest/globals';
import type { LlmService } from '../../llm/llm.service.js';
import type { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import type { Voice } from '../../synthesis/engines/tts-engine.js';
import type { SynthesisService } from '../../synthesis/synthesis.service.js';
import type { LanguageIdentifier } from '../../transcription/language-id/language-identifier.js';
import type { TranscriptionService } from '../../transcription/transcription.service.js';
import { LanguageCatalog } from '../../translation/catalog/language-catalog.js';
import { ClinicalTerminology } from '../../translation/terminology/clinical-terminology.js';
import type { TranslationService } from '../../translation/translation.service.js';
import { FidelityScorer } from './fidelity/fidelity-scorer.js';
import { SentencePipeline } from './sentence-pipeline.js';

const catalog = new LanguageCatalog();
const language = (code: string) => {
  const normalized = catalog.normalize(code);
  if (!normalized.ok) throw new Error(code);
  return { language: normalized.language, locale: normalized.locale };
};

/** A pipeline whose only engine is a synthesis with these voices. */
function pipelineWith(voices: Voice[]) {
  const synthesis = { voices: async () => voices } as unknown as SynthesisService;
  return new SentencePipeline(
    {} as TranscriptionService,
    {} as LanguageIdentifier,
    catalog,
    {} as TranslationService,
    synthesis,
    {} as LlmService,
    {} as OrchestratorMetrics,
    new FidelityScorer(new ClinicalTerminology([])),
  );
}

describe('SentencePipeline.partyVoices', () => {
  const pipeline = pipelineWith([
    { language: 'en', gender: 'female' },
    { language: 'es', gender: 'female' },
    { language: 'es', gender: 'male' },
  ]);

  it('gives each party the gender asked for, in the language its speech is translated to', async () => {
    const voices = await pipeline.partyVoices(language('en'), language('es'), {
      medic: 'male',
      patient: 'female',
    });
    expect(voices).toEqual({ medicVoice: 'male', patientVoice: 'female' });
  });

  it('falls back to the gender the listener’s language has', async () => {
    const voices = await pipeline.partyVoices(language('es'), language('en'), {
      medic: 'male',
      patient: 'male',
    });
    // The medic is heard in English (female only); the patient in Spanish (both).
    expect(voices).toEqual({ medicVoice: 'female', patientVoice: 'male' });
  });

  it('keeps the gender asked for when the language has no voice (synthesis then says so)', async () => {
    const voices = await pipeline.partyVoices(language('fr'), language('de'), {
      medic: 'male',
      patient: 'male',
    });
    expect(voices).toEqual({ medicVoice: 'male', patientVoice: 'male' });
  });
});
