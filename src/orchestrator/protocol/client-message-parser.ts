import { Injectable } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { ClientMessage } from './client-messages.js';
import {
  ConversationExitMessageDto,
  CorrectSpeakerMessageDto,
  FlagMessageDto,
  SetSpeedMessageDto,
  TextInputMessageDto,
  TriggerBranchCMessageDto,
  ChoosePhraseMessageDto,
} from './dto/client-messages.dto.js';
import { HandshakeDto } from './dto/handshake.dto.js';

// Parsed messages are DTO instances; their type is the protocol's own (./client-messages.ts).
export type { ClientMessage };

// Exported for the AsyncAPI description, whose message list is this one.
export const MESSAGE_TYPES: Record<ClientMessage['type'], ClassConstructor<ClientMessage>> = {
  set_speed: SetSpeedMessageDto,
  flag: FlagMessageDto,
  correct_speaker: CorrectSpeakerMessageDto,
  trigger_branch_c: TriggerBranchCMessageDto,
  text_input: TextInputMessageDto,
  choose_phrase: ChoosePhraseMessageDto,
  conversation_exit: ConversationExitMessageDto,
};
const TYPE_LIST = Object.keys(MESSAGE_TYPES).join(', ');

/** Handshake rejection reasons decided before the languages are looked up (decisions §5.1). */
export type HandshakeFrameRejection = 'missing_fields' | 'invalid_json' | 'invalid_fields';

export type HandshakeParse =
  | { readonly ok: true; readonly handshake: HandshakeDto }
  | { readonly ok: false; readonly reason: HandshakeFrameRejection; readonly message: string };

export type MessageParse =
  | { readonly ok: true; readonly message: ClientMessage }
  | { readonly ok: false; readonly message: string };

const REQUIRED_HANDSHAKE_FIELDS = ['language_medic', 'language_patient'] as const;

/**
 * Turns text frames into validated protocol messages (decisions §5.1, §5.3), or into the sentence
 * that tells the client what to fix. Never echoes a field's value: it may be conversation text.
 */
@Injectable()
export class ClientMessageParser {
  parseHandshake(frame: string): HandshakeParse {
    const json = parseObject(frame);
    if (!json.ok) return { ok: false, reason: 'invalid_json', message: json.message };
    const missing = REQUIRED_HANDSHAKE_FIELDS.filter((field) => json.value[field] == null);
    if (missing.length > 0) {
      return {
        ok: false,
        reason: 'missing_fields',
        message: `The handshake needs ${missing.join(' and ')} (e.g. {"type":"handshake","language_medic":"fr","language_patient":"en"}).`,
      };
    }
    const checked = validate(HandshakeDto, json.value);
    if (!checked.ok) return { ok: false, reason: 'invalid_fields', message: checked.message };
    return { ok: true, handshake: checked.value };
  }

  parseMessage(frame: string): MessageParse {
    const json = parseObject(frame);
    if (!json.ok) return json;
    const type = json.value.type;
    if (type === 'handshake') {
      return { ok: false, message: 'The session already has its handshake; send it only once.' };
    }
    const dto =
      typeof type === 'string' && Object.hasOwn(MESSAGE_TYPES, type)
        ? MESSAGE_TYPES[type as ClientMessage['type']]
        : undefined;
    if (!dto) {
      const what = typeof type === 'string' ? 'Unknown message type' : 'A message needs a "type"';
      return { ok: false, message: `${what}; the types are: ${TYPE_LIST}.` };
    }
    const checked = validate(dto, json.value);
    if (!checked.ok) return { ok: false, message: `${type}: ${checked.message}` };
    return { ok: true, message: checked.value };
  }
}

function parseObject(
  frame: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return {
      ok: false,
      message: 'A text frame must be a JSON object; this one is not valid JSON.',
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'A text frame must be a JSON object with a "type" key.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function validate<T extends object>(
  dto: ClassConstructor<T>,
  plain: Record<string, unknown>,
): { ok: true; value: T } | { ok: false; message: string } {
  const instance = plainToInstance(dto, plain);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    // One problem per field: a number sent as language_medic is "must be a string", nothing more.
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
  if (errors.length === 0) return { ok: true, value: instance };
  return { ok: false, message: describe(errors) };
}

/** One sentence per field, each naming the field and what it accepts. */
function describe(errors: ValidationError[]): string {
  const parts = errors.map((error) => {
    if (error.constraints?.whitelistValidation) {
      return `unknown field "${error.property.slice(0, 64)}"`;
    }
    const messages = Object.values(error.constraints ?? {});
    return messages[0] ?? `${error.property} is invalid`;
  });
  return `${[...new Set(parts)].join('; ')}.`;
}
