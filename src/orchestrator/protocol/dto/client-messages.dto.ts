import {
  Allow,
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type {
  ConversationExitMessage,
  CorrectSpeakerMessage,
  FlagMessage,
  SetSpeedMessage,
  TextInputMessage,
  TriggerBranchCMessage,
  ChoosePhraseMessage,
} from '../client-messages.js';
import { MAX_SPEED, MIN_SPEED } from '../../../language/speech-settings.js';

export const FLAG_TYPES = ['mistranslation', 'wrong_speaker', 'bug', 'other'] as const;
export const ROLES = ['medic', 'patient'] as const;
export const MAX_TEXT_INPUT = 5000;
export const MAX_NOTE = 2000;

const SPEED_MESSAGE = `speed must be a number from ${MIN_SPEED} to ${MAX_SPEED}`;
const SENTENCE_ID_MESSAGE = 'sentence_id must be a sentence id such as "s1"';
const ROLE_MESSAGE = 'role must be "medic" or "patient"';
const PHRASE_ID_MESSAGE =
  'phrase_id must be the phrase_id of one of the sentence\'s suggestions, such as "pain.where"';

abstract class SentenceReference {
  @MaxLength(16, { message: SENTENCE_ID_MESSAGE })
  @IsString({ message: SENTENCE_ID_MESSAGE })
  sentence_id!: string;
}

export class SetSpeedMessageDto implements SetSpeedMessage {
  @Allow()
  type!: 'set_speed';

  @Min(MIN_SPEED, { message: SPEED_MESSAGE })
  @Max(MAX_SPEED, { message: SPEED_MESSAGE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: SPEED_MESSAGE })
  speed!: number;
}

export class FlagMessageDto implements FlagMessage {
  @Allow()
  type!: 'flag';

  @IsIn(FLAG_TYPES, { message: `flag_type must be one of ${FLAG_TYPES.join(', ')}` })
  flag_type!: (typeof FLAG_TYPES)[number];

  @IsOptional()
  @MaxLength(MAX_NOTE, { message: `note must be at most ${MAX_NOTE} characters` })
  @IsString({ message: 'note must be a string' })
  note?: string;

  /** Absent (or null): the flag is about the whole conversation. */
  @IsOptional()
  @MaxLength(16, { message: SENTENCE_ID_MESSAGE })
  @IsString({ message: SENTENCE_ID_MESSAGE })
  sentence_id?: string | null;
}

export class CorrectSpeakerMessageDto extends SentenceReference implements CorrectSpeakerMessage {
  @Allow()
  type!: 'correct_speaker';

  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role!: (typeof ROLES)[number];
}

export class TriggerBranchCMessageDto extends SentenceReference implements TriggerBranchCMessage {
  @Allow()
  type!: 'trigger_branch_c';
}

export class ChoosePhraseMessageDto extends SentenceReference implements ChoosePhraseMessage {
  @Allow()
  type!: 'choose_phrase';

  @MaxLength(120, { message: PHRASE_ID_MESSAGE })
  @IsString({ message: PHRASE_ID_MESSAGE })
  phrase_id!: string;
}

export class TextInputMessageDto implements TextInputMessage {
  @Allow()
  type!: 'text_input';

  @Matches(/\S/, { message: 'text must not be only spaces' })
  @Length(1, MAX_TEXT_INPUT, { message: `text must be 1 to ${MAX_TEXT_INPUT} characters` })
  @IsString({ message: 'text must be a string' })
  text!: string;

  /** Who typed it; absent: identified from the text like speech. */
  @IsOptional()
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role?: (typeof ROLES)[number];
}

export class ConversationExitMessageDto implements ConversationExitMessage {
  @Allow()
  type!: 'conversation_exit';

  /** Default true: the archive is delivered before the close. */
  @IsOptional()
  @IsBoolean({ message: 'archive must be true or false' })
  archive?: boolean;
}
