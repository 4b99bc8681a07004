import { Injectable } from '@nestjs/common';
import type { VoiceGender } from '../../language/speech-settings.js';
import { SynthesisService, type SynthesisResult } from '../../synthesis/synthesis.service.js';
import type { SentenceRecord } from '../conversation/conversation.types.js';
import type { SessionLanguage } from '../languages/session-languages.service.js';
import type { ConversationParties } from './conversation-parties.js';
import type { StageOutput } from './pipeline-output.js';
import type { TranslationDirection } from './role-resolver.js';
import { settle, type Settled } from './settle.js';

/** How a revision's branches are spoken: in the listener's language and voice, at a speed. */
export interface SpeechPlan {
  readonly revision: number;
  readonly language: SessionLanguage;
  readonly voice: VoiceGender;
  readonly speed: number;
}

/** The speech stage: a branch's text spoken (tts_audio), in the listener's language. */
@Injectable()
export class SpeechStage {
  constructor(private readonly synthesis: SynthesisService) {}

  /** The plan for `revision` in `direction`: the speaker's voice, where the language has it. */
  static plan(
    revision: number,
    { target, voiceOf }: TranslationDirection,
    parties: ConversationParties,
    speed: number,
  ): SpeechPlan {
    const voice = voiceOf === 'medic' ? parties.medicVoice : parties.patientVoice;
    return { revision, language: target, voice, speed };
  }

  /** Synthesizes the text; never rejects (a failure is delivered as the branch's). */
  speak(text: string, plan: SpeechPlan, out: StageOutput): Promise<Settled<SynthesisResult>> {
    const { language, voice, speed } = plan;
    const { signal } = out;
    const started = performance.now();
    return settle(
      this.synthesis
        .synthesize({ text, language: language.language.iso6391, gender: voice, speed }, signal)
        .then(
          (audio) => {
            const milliseconds = performance.now() - started;
            out.observe({ kind: 'speechSynthesized', milliseconds, bytes: audio.wav.byteLength });
            return audio;
          },
          (error: unknown) => {
            if (!signal.aborted) out.observe({ kind: 'speechFailed', error });
            throw error;
          },
        ),
    );
  }

  /** Sends the branch's speech of the plan's revision, or its failure; either ends the branch. */
  deliver(
    record: SentenceRecord,
    branch: 'A' | 'B',
    plan: SpeechPlan,
    audio: Settled<SynthesisResult>,
    out: StageOutput,
  ): void {
    if (!audio.ok) {
      out.observe({ kind: 'branchFailed', branch });
      out.fail(record, 'TTS', audio.error);
      return;
    }
    out.observe({ kind: 'branchCompleted', branch, detectedAt: record.detectedAt });
    const { wav, sampleRate } = audio.value;
    const { revision, language, speed } = plan;
    const speech = { branch, revision, language: language.locale, speed, sampleRate, wav };
    record.speech.push(speech);
    out.emit({ kind: 'spoken', sentence: record, speech });
  }
}
