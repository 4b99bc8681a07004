/**
 * What a conversation leaves behind: the end screen's summary when it ended, and what the page
 * holds of it (for the archive built in the browser) when the connection was lost.
 */
import { archiveLink, type ArchiveLink } from './archive-download';
import type { ConversationStore } from './conversation-store';
import type { Parties } from './i18n/both-parties';
import type { PageConversation } from './incomplete-archive';
import type {
  ConversationArchiveMessage,
  HandshakeSuccessMessage,
  ServerMessage,
  SessionEndReason,
  SessionSampleRate,
} from './protocol';
import { ReceivedRecord } from './received-record';
import type { StartChoice } from './start-view';

export interface EndResult {
  archive?: ArchiveLink;
  sentences: number;
  flags: number;
  /** Why the conversation ended without the people asking, or why there is no archive. */
  problem?: string;
  /** The two parties' languages, for the words of the end screen. */
  parties: Parties;
  /** Why the session ended (exit_acknowledged): the end screen tells both parties in words. */
  reason?: SessionEndReason;
}

function endResult(
  store: ConversationStore,
  archive: ArchiveLink | undefined,
  endReason: string | undefined,
  parties: Parties,
  reason: SessionEndReason | undefined,
): EndResult {
  let problem = endReason;
  if (!archive) {
    problem ??= 'The service delivered no archive for this conversation.';
  }
  return {
    archive,
    sentences: store.sentences.size,
    flags:
      store.conversationFlags.length +
      [...store.sentences.values()].reduce((n, s) => n + s.flags.length, 0),
    problem,
    parties,
    reason,
  };
}

/**
 * What the page holds of the conversation beyond its cards (conversation-store.ts): the session
 * as the handshake answered it and what the page received, for the archive built in the
 * browser when the connection is lost.
 */
export class PageRecord {
  private session?: { id: string; startedAt: string; parties: Parties };
  private readonly received = new ReceivedRecord();
  private lostAt?: string;

  note(message: ServerMessage): void {
    this.received.note(message);
  }

  started(success: HandshakeSuccessMessage): void {
    this.session = {
      id: success.session_id,
      startedAt: new Date().toISOString(),
      parties: { medic: success.medic_lang, patient: success.patient_lang },
    };
  }

  lost(): void {
    this.lostAt = new Date().toISOString();
  }

  page(
    choice: StartChoice,
    sampleRate: SessionSampleRate,
    store: ConversationStore,
  ): PageConversation {
    const { session, received } = this;
    return {
      sessionId: session?.id ?? '',
      startedAt: session?.startedAt ?? '',
      endedAt: this.lostAt ?? new Date().toISOString(),
      medicLocale: session?.parties.medic ?? choice.medicLanguage,
      patientLocale: session?.parties.patient ?? choice.patientLanguage,
      patientGender: choice.patientGender,
      patientAgeCategory: choice.patientAge,
      enableDualDirection: choice.dualDirection,
      sampleRate,
      sentences: store.ordered(),
      conversationFlags: store.conversationFlags,
      firstSeen: received.firstSeen,
      speech: received.speech,
      reason: 'connection_lost',
    };
  }
}

/**
 * How the session ends: asked by the people (End), by the service itself (after a notice that
 * says why), or lost (the connection closed before the service acknowledged an exit).
 */
export class SessionEnding {
  /** The service acknowledged the exit, whoever asked for it: a close after it is the end. */
  exitAcknowledged = false;
  /** Why, as exit_acknowledged said (`server_shutdown`: the conversation may go on). */
  reason?: SessionEndReason;
  /** The last session-wide notice of the service while live, and the one that ended it. */
  private lastSessionNotice?: string;
  private endReason?: string;
  private archive?: ArchiveLink;
  private closeTimer?: number;
  private finished = false;

  /**
   * Why the service ends a session comes before its exit_acknowledged; later errors (audio
   * that crossed the exit on the way) are not the reason.
   */
  noteNotice(service: string, message: string, sentenceId: string | undefined, live: boolean) {
    if (service === 'Session' && !sentenceId && live) this.lastSessionNotice = message;
  }

  /** The service ended the session itself (idle, maximum duration, shutdown), and said why. */
  endedByService(): void {
    this.endReason = this.lastSessionNotice;
  }

  /** The service's archive of the conversation, once it arrived. */
  get archiveLink(): ArchiveLink | undefined {
    return this.archive;
  }

  /** The service closes right after the archive; if it does not, the page does. */
  archived(message: ConversationArchiveMessage, close: () => void): void {
    this.archive = archiveLink(message);
    this.closeTimer = window.setTimeout(close, 5000);
  }

  /** The connection closed: false when the conversation was already over (disposed). */
  closed(): boolean {
    if (this.finished) return false;
    this.finished = true;
    window.clearTimeout(this.closeTimer);
    return true;
  }

  dispose(): void {
    window.clearTimeout(this.closeTimer);
    this.finished = true;
  }

  result(store: ConversationStore, parties: Parties): EndResult {
    return endResult(store, this.archive, this.endReason, parties, this.reason);
  }
}
