import { Injectable } from '@nestjs/common';
import { TranslationService } from '../../translation/translation.service.js';
import type { SentenceRecord } from '../conversation/conversation.types.js';
import { partyGenders } from './conversation-parties.js';
import type { StageOutput } from './pipeline-output.js';
import { RoleResolver } from './role-resolver.js';
import { settle } from './settle.js';

/**
 * Branch C: the sentence translated as if the other party had said it, for when the speaker was
 * taken for the wrong one (automatic with enable_dual_direction, or on trigger_branch_c).
 */
@Injectable()
export class AlternateStage {
  private readonly roles = new RoleResolver();

  constructor(private readonly translation: TranslationService) {}

  /** Sends branch C's translation, or why it is skipped, or its failure. */
  async alternate(record: SentenceRecord, out: StageOutput): Promise<void> {
    if (record.outsideLanguage !== undefined) {
      out.observe({ kind: 'branchFailed', branch: 'C' });
      out.fail(
        record,
        'Translation',
        `This sentence is in a language neither party speaks (${record.outsideLanguage}), so it is not translated either way.`,
      );
      return;
    }
    const fixedOnly = out.parties.medic.fixedPhrasesOnly || out.parties.patient.fixedPhrasesOnly;
    const plan = fixedOnly
      ? ({ run: false, reason: 'language_not_translated' } as const)
      : this.roles.alternate(record.role, out.parties);
    if (!plan.run) {
      out.observe({ kind: 'branchCSkipped', reason: plan.reason });
      record.branchCSkipped.push(plan.reason);
      out.emit({ kind: 'alternateSkipped', sentence: record, reason: plan.reason });
      return;
    }
    const { source, target } = plan.direction;
    const translated = await settle(
      this.translation.translateText(
        record.text,
        source.language,
        target.language,
        partyGenders(plan.assumedRole, out.parties),
      ),
    );
    if (out.signal.aborted) return;
    if (!translated.ok) {
      out.observe({ kind: 'branchFailed', branch: 'C' });
      out.fail(record, 'Translation', translated.error);
      return;
    }
    out.observe({ kind: 'branchCompleted', branch: 'C', detectedAt: record.detectedAt });
    const alternate = {
      assumedRole: plan.assumedRole,
      sourceLanguage: source.locale,
      targetLanguage: target.locale,
      text: translated.value,
    };
    record.alternates.push(alternate);
    out.emit({ kind: 'alternate', sentence: record, alternate });
  }
}
