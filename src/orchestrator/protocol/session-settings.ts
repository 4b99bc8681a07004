import type { ConversationParties } from '../pipeline/conversation-parties.js';

/** What a session was opened with (the validated, normalized handshake). */
export interface SessionSettings {
  readonly id: string;
  readonly parties: ConversationParties;
  readonly speed: number;
  readonly enableDualDirection: boolean;
  readonly sampleRate: number;
}
