import type {
  AsrPartialMessage,
  AsrResultMessage,
  BranchCResultMessage,
  BranchCSkippedMessage,
  BranchCTriggeredMessage,
  ConversationArchiveMessage,
  CorrectionAckMessage,
  ErrorMessage,
  ExitAcknowledgedMessage,
  FlagAckMessage,
  HandshakeRejectionMessage,
  HandshakeSuccessMessage,
  ReformulationResultMessage,
  SentenceEmptyMessage,
  SentenceNotTranslatedMessage,
  SpeedUpdatedMessage,
  TranslationResultMessage,
  TtsAudioMessage,
} from '../server-messages.js';
import { CONVERSATION_MESSAGE_DOCS } from './conversation-message-docs.js';
import { HANDSHAKE_MESSAGE_DOCS } from './handshake-message-docs.js';
import type { MessageDoc } from './message-doc.js';
import { SENTENCE_MESSAGE_DOCS } from './sentence-message-docs.js';

/**
 * The server's messages as the AsyncAPI document describes them, keyed by the name of their
 * interface in ../server-messages.ts (the names in server-message-schemas.json). Examples are
 * the captures of docs/protocol.md; Base64 contents are cut short.
 */
export interface ServerMessageDocs {
  HandshakeSuccessMessage: MessageDoc<HandshakeSuccessMessage>;
  HandshakeRejectionMessage: MessageDoc<HandshakeRejectionMessage>;
  ErrorMessage: MessageDoc<ErrorMessage>;
  AsrPartialMessage: MessageDoc<AsrPartialMessage>;
  AsrResultMessage: MessageDoc<AsrResultMessage>;
  SentenceEmptyMessage: MessageDoc<SentenceEmptyMessage>;
  TranslationResultMessage: MessageDoc<TranslationResultMessage>;
  SentenceNotTranslatedMessage: MessageDoc<SentenceNotTranslatedMessage>;
  ReformulationResultMessage: MessageDoc<ReformulationResultMessage>;
  TtsAudioMessage: MessageDoc<TtsAudioMessage>;
  BranchCResultMessage: MessageDoc<BranchCResultMessage>;
  BranchCSkippedMessage: MessageDoc<BranchCSkippedMessage>;
  BranchCTriggeredMessage: MessageDoc<BranchCTriggeredMessage>;
  SpeedUpdatedMessage: MessageDoc<SpeedUpdatedMessage>;
  FlagAckMessage: MessageDoc<FlagAckMessage>;
  CorrectionAckMessage: MessageDoc<CorrectionAckMessage>;
  ExitAcknowledgedMessage: MessageDoc<ExitAcknowledgedMessage>;
  ConversationArchiveMessage: MessageDoc<ConversationArchiveMessage>;
}

export type ServerMessageName = keyof ServerMessageDocs;

/** Every server message's documentation, from the three groups. */
export const SERVER_MESSAGE_DOCS: ServerMessageDocs = {
  ...HANDSHAKE_MESSAGE_DOCS,
  ...SENTENCE_MESSAGE_DOCS,
  ...CONVERSATION_MESSAGE_DOCS,
};
