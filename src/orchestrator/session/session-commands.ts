import type { ClientMessage } from '../protocol/client-message-parser.js';
import type {
  ChoosePhraseMessageDto,
  CorrectSpeakerMessageDto,
  FlagMessageDto,
  TextInputMessageDto,
} from '../protocol/dto/client-messages.dto.js';
import type { ConversationStore } from './conversation-store.js';
import type { SentenceRunner } from './sentence-runner.js';
import type { SessionAudio } from './session-audio.js';
import type { SessionReplies } from './session-replies.js';

/** The client's messages a session answers while active (conversation_exit ends it instead). */
export type SessionCommand = Exclude<ClientMessage, { type: 'conversation_exit' }>;

/**
 * What the client's messages do to the conversation: set_speed, flag, correct_speaker,
 * trigger_branch_c, text_input and choose_phrase, each checked against the conversation, acknowledged, and
 * handed to the sentence runner when it starts or redoes work.
 */
export class SessionCommands {
  constructor(
    private readonly conversation: ConversationStore,
    private readonly sentences: SentenceRunner,
    private readonly replies: SessionReplies,
    private readonly audio: Pick<SessionAudio, 'cut'>,
    private readonly isClosed: () => boolean,
  ) {}

  handle(message: SessionCommand): void | Promise<void> {
    switch (message.type) {
      case 'set_speed':
        this.sentences.speed = message.speed;
        this.replies.send({ kind: 'speedUpdated', speed: message.speed });
        return;
      case 'flag':
        return this.flag(message);
      case 'correct_speaker':
        return this.correctSpeaker(message);
      case 'trigger_branch_c':
        return this.triggerBranchC(message.sentence_id);
      case 'text_input':
        return this.textInput(message);
      case 'choose_phrase':
        return this.choosePhrase(message);
    }
  }

  private choosePhrase({ sentence_id, phrase_id }: ChoosePhraseMessageDto): void {
    const record = this.conversation.sentence(sentence_id);
    if (!record) return this.replies.sentenceNotFound(sentence_id);
    if (this.sentences.choose(record, phrase_id)) return;
    const offered = this.sentences.offered(record);
    this.replies.send({
      kind: 'failure',
      service: 'Session',
      sentenceId: record.id,
      message:
        offered.length > 0
          ? `That phrase was not offered for ${record.id}; choose one of its suggestions: ${offered.join(', ')}.`
          : `No phrases were offered for ${record.id}: choose_phrase answers a sentence_not_translated that has suggestions.`,
    });
  }

  private flag(message: FlagMessageDto): void {
    const sentenceId = message.sentence_id ?? null;
    if (sentenceId !== null && !this.conversation.sentence(sentenceId)) {
      return this.replies.sentenceNotFound(sentenceId);
    }
    this.replies.send({ kind: 'flagged', flag: this.conversation.addFlag(message) });
  }

  private correctSpeaker({ sentence_id, role }: CorrectSpeakerMessageDto): void {
    const record = this.conversation.sentence(sentence_id);
    if (!record) return this.replies.sentenceNotFound(sentence_id);
    this.replies.send({
      kind: 'corrected',
      correction: this.conversation.addCorrection(record, role),
    });
    this.sentences.reassign(record, role);
  }

  private triggerBranchC(sentenceId: string): void {
    const record = this.conversation.sentence(sentenceId);
    if (!record) return this.replies.sentenceNotFound(sentenceId);
    this.replies.send({ kind: 'alternateTriggered', sentenceId });
    this.sentences.alternate(record);
  }

  private async textInput({ text, role }: TextInputMessageDto): Promise<void> {
    // Speech begun before this text arrived was said first: it is closed and numbered first.
    await this.audio.cut();
    if (this.isClosed()) return;
    this.sentences.typed(text, role);
  }
}
