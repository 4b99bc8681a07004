import { Injectable } from '@nestjs/common';
import { LlmService } from '../../llm/llm.service.js';
import type { SentenceRecord } from '../conversation/conversation.types.js';
import type { SessionLanguage } from '../languages/session-languages.service.js';
import type { StageOutput } from './pipeline-output.js';
import type { TranslationDirection } from './role-resolver.js';
import { settle, type Settled } from './settle.js';

/**
 * The reformulation stage (branch B): A's translation said more plainly for the listener, and for
 * the patient in words fit for their gender and age (interface §2.9).
 */
@Injectable()
export class ReformulationStage {
  constructor(private readonly llm: LlmService) {}

  /** Asks for the plainer wording of `text`; never rejects. */
  reformulate(
    text: string,
    direction: TranslationDirection,
    out: StageOutput,
  ): Promise<Settled<string>> {
    const { parties } = out;
    const forPatient = direction.listener === 'patient';
    const started = performance.now();
    return settle(
      this.llm
        .paraphrase({
          sentence: text,
          language: direction.target.language,
          gender: forPatient ? parties.patientGender : undefined,
          age_category: forPatient ? parties.patientAgeCategory : undefined,
        })
        .then(
          (paraphrase) => {
            out.observe({ kind: 'reformulated', seconds: (performance.now() - started) / 1000 });
            return paraphrase;
          },
          (error: unknown) => {
            out.observe({ kind: 'reformulationFailed', error });
            throw error;
          },
        ),
    );
  }

  /**
   * Sends B's text for the sentence's `revision`, or its failure. Returns whether it was sent
   * (then B is spoken).
   */
  deliver(
    record: SentenceRecord,
    revision: number,
    language: SessionLanguage,
    text: Settled<string>,
    out: StageOutput,
  ): text is { ok: true; value: string } {
    if (!text.ok) {
      out.observe({ kind: 'branchFailed', branch: 'B' });
      out.fail(record, 'Reformulation', text.error);
      return false;
    }
    const reformulation = { revision, language: language.locale, text: text.value };
    record.reformulations.push(reformulation);
    out.emit({ kind: 'reformulated', sentence: record, reformulation });
    return true;
  }
}
