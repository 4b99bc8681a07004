/** Fakes behind a real Session and SentencePipeline, shared by the session specs. */
import { LiveAudioIntake } from '../../src/audio/stream/live-audio-intake.js';
import { PcmS16leDecoder } from '../../src/audio/stream/pcm-s16le-decoder.js';
import type { SentenceSegmenter } from '../../src/audio/vad/sentence-segmenter.js';
import { encodeWav } from '../../src/audio/wav-encoder.js';
import { EngineUnavailableError } from '../../src/common/errors/engine.errors.js';
import type { LlmService } from '../../src/llm/llm.service.js';
import type { OrchestratorMetrics } from '../../src/metrics/orchestrator-metrics.service.js';
import type { SynthesisService } from '../../src/synthesis/synthesis.service.js';
import type { LanguageIdentifier } from '../../src/language/identification/language-identifier.js';
import type {
  LiveRecognition,
  TranscriptionService,
} from '../../src/transcription/transcription.service.js';
import type { CatalogLanguage } from '../../src/language/catalog/catalog-language.js';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { ClinicalTerminology } from '../../src/translation/terminology/clinical-terminology.js';
import type { TranslationService } from '../../src/translation/translation.service.js';
import { FidelityScorer } from '../../src/orchestrator/pipeline/fidelity/fidelity-scorer.js';
import { ArchiveBuilder } from '../../src/orchestrator/archive/archive-builder.js';
import { SessionLanguagesService } from '../../src/orchestrator/languages/session-languages.service.js';
import { AlternateStage } from '../../src/orchestrator/pipeline/alternate-stage.js';
import { FixedPhraseStage } from '../../src/orchestrator/pipeline/fixed-phrase-stage.js';
import { LiteralTranslationStage } from '../../src/orchestrator/pipeline/literal-translation-stage.js';
import { RecognitionStage } from '../../src/orchestrator/pipeline/recognition-stage.js';
import { ReformulationStage } from '../../src/orchestrator/pipeline/reformulation-stage.js';
import { SentencePipeline } from '../../src/orchestrator/pipeline/sentence-pipeline.js';
import { SpeechStage } from '../../src/orchestrator/pipeline/speech-stage.js';
import { ClientMessageParser } from '../../src/orchestrator/protocol/client-message-parser.js';
import type { ServerMessage } from '../../src/orchestrator/protocol/server-messages.js';
import { Session } from '../../src/orchestrator/session/session.js';
import type { SessionLimits } from '../../src/orchestrator/session/session-settings.js';
import type { SessionTransport } from '../../src/orchestrator/session/session-transport.js';

export const catalog = new LanguageCatalog();
export const language = (code: string) => {
  const normalized = catalog.normalize(code);
  if (!normalized.ok) throw new Error(code);
  return { language: normalized.language, locale: normalized.locale };
};

export const unavailable = (service: string) =>
  new EngineUnavailableError(service, 'fake', 'is down.', 'Start it.');

/** Records each call the session and pipeline make on the metrics, as `name(args)`. */
export function recordingMetrics() {
  const calls: string[] = [];
  const metrics = new Proxy(
    {},
    {
      get:
        (_target, name) =>
        (...args: unknown[]) =>
          calls.push(
            `${String(name)}(${args.map((a) => (typeof a === 'object' ? 'object' : a)).join(',')})`,
          ),
    },
  ) as unknown as OrchestratorMetrics;
  return { metrics, calls };
}

/** Engines behind the real pipeline, each scriptable per test. */
export function fakes() {
  const recorded = recordingMetrics();
  const calls = { asr: 0, tts: 0, paraphrase: 0 };
  const state = {
    asr: async (): Promise<{ text: string; locale: string; languageDecided: boolean }> => ({
      text: 'the patient has a fever',
      locale: 'en-US',
      languageDecided: true,
    }),
    translate: async (text: string, _s: CatalogLanguage, target: CatalogLanguage) =>
      `${target.iso6391}: ${text}`,
    tts: async (_request: { text: string }, _signal?: AbortSignal) => ({
      wav: encodeWav(new Float32Array(2205), 22050),
      sampleRate: 22050,
      durationMs: 100,
      engine: 'fake',
    }),
    paraphrase: async ({ sentence }: { sentence: string }) => `${sentence} (plain)`,
    untranslated: (_text: string): string[] => [],
    /** startLiveSentence: none by default (the sentence is decoded whole). */
    live: (_onPartial: (text: string) => void): LiveRecognition | undefined => undefined,
  };
  const transcription = {
    locales: ['en-US'],
    transcribeSegment: () => {
      calls.asr++;
      return state.asr();
    },
    startLiveSentence: (_hints: readonly string[], onPartial: (text: string) => void) =>
      state.live(onPartial),
  } as unknown as TranscriptionService;
  const languageId = {
    identify: (text: string, candidates: string[]) => ({
      locale: /^(el|la) /i.test(text)
        ? 'es-ES'
        : (candidates.find((c) => c.startsWith('en')) ?? candidates[0]),
      confidence: 1,
      decided: true,
    }),
  } as unknown as LanguageIdentifier;
  const translation = {
    translateText: (text: string, source: CatalogLanguage, target: CatalogLanguage) =>
      state.translate(text, source, target),
    translateChecked: async (text: string, source: CatalogLanguage, target: CatalogLanguage) => ({
      text: await state.translate(text, source, target),
      untranslated: state.untranslated(text),
    }),
    // The machine's path: these tests are about the session, not the phrasebook.
    translateSentence: async (text: string, source: CatalogLanguage, target: CatalogLanguage) => ({
      text: await state.translate(text, source, target),
      untranslated: state.untranslated(text),
      origin: 'machine' as const,
    }),
    // No answers and no fixed-phrase-only languages: these tests are about the session.
    translateAnswer: () => undefined,
    expectedAnswers: () => undefined,
    fixedPhraseLanguages: async () => [],
  } as unknown as TranslationService;
  const synthesis = {
    voices: async () => [
      { language: 'en', gender: 'female' },
      { language: 'es', gender: 'female' },
      { language: 'es', gender: 'male' },
    ],
    synthesize: (request: { text: string }, signal?: AbortSignal) => {
      calls.tts++;
      return state.tts(request, signal);
    },
  } as unknown as SynthesisService;
  const llm = {
    paraphrase: (options: { sentence: string }) => {
      calls.paraphrase++;
      return state.paraphrase(options);
    },
  } as unknown as LlmService;
  const pipeline = new SentencePipeline(
    new RecognitionStage(
      transcription,
      languageId,
      new SessionLanguagesService(catalog, translation, synthesis, transcription),
      translation,
    ),
    new FixedPhraseStage(translation),
    new LiteralTranslationStage(translation, new FidelityScorer(ClinicalTerminology.builtIn())),
    new ReformulationStage(llm),
    new AlternateStage(translation),
    new SpeechStage(synthesis),
    recorded.metrics,
  );
  return { pipeline, state, calls, metrics: recorded.metrics, recorded: recorded.calls };
}

export class RecordingTransport implements SessionTransport {
  readonly sent: ServerMessage[] = [];
  closed?: { code: number; reason: string };
  paused = 0;
  resumed = 0;
  send(message: ServerMessage): boolean {
    this.sent.push(message);
    return true;
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
  pauseInput(): void {
    this.paused++;
  }
  resumeInput(): void {
    this.resumed++;
  }
  of(type: string): ServerMessage[] {
    return this.sent.filter((m) => m.type === type);
  }
}

/** The limits of the session specs: two pipelines, two sentences queued, no timer in the way. */
export const TEST_LIMITS: SessionLimits = {
  idleTimeoutMs: 60_000,
  maxDurationMs: 3_600_000,
  pipelineConcurrency: 2,
  maxQueuedSentences: 2,
  drainTimeoutMs: 5_000,
  workAtPause: true,
  semanticEndOfTurn: false,
};

/**
 * A real Session between a Spanish-speaking medic and an English-speaking patient, on the fake
 * engines, its audio (PCM s16le at 16 kHz) cut into sentences by `segmenter`.
 */
export function openTestSession(
  engines: ReturnType<typeof fakes>,
  transport: SessionTransport,
  segmenter: SentenceSegmenter,
  options: { limits?: Partial<SessionLimits>; archive?: ArchiveBuilder } = {},
): Session {
  return new Session(
    {
      id: 'test-session',
      parties: {
        medic: language('es'),
        patient: language('en'),
        medicVoice: 'female',
        patientVoice: 'female',
      },
      speed: 1,
      enableDualDirection: false,
      sampleRate: 16000,
    },
    { ...TEST_LIMITS, ...options.limits },
    {
      pipeline: engines.pipeline,
      parser: new ClientMessageParser(),
      archive: options.archive ?? new ArchiveBuilder(),
      intake: new LiveAudioIntake(new PcmS16leDecoder(), segmenter),
      metrics: engines.metrics,
    },
    transport,
  );
}
