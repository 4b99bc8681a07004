import type { ClassConstructor } from 'class-transformer';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { MESSAGE_TYPES } from '../client-message-parser.js';
import type { ClientMessage } from '../client-messages.js';
import { HandshakeDto } from '../dto/handshake.dto.js';

export type ClientMessageType = 'handshake' | ClientMessage['type'];

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Every message a client may send: the handshake, then the parser's types, in its order. */
export const CLIENT_MESSAGE_TYPES: readonly ClientMessageType[] = [
  'handshake',
  ...(Object.keys(MESSAGE_TYPES) as ClientMessage['type'][]),
];

const DTOS: Record<ClientMessageType, ClassConstructor<object>> = {
  handshake: HandshakeDto,
  ...MESSAGE_TYPES,
};

/**
 * The JSON Schema of a client message, derived from the class-validator DTO the parser validates
 * it with (class-validator-jsonschema), so that types, bounds, enums and required fields are the
 * ones enforced. Completed with what the parser does besides the decorators: `type` is the
 * message's own (the handshake may omit it), unknown fields are refused (forbidNonWhitelisted),
 * and an optional field may be null, which counts as absent (@IsOptional).
 */
export function clientMessageSchema(type: ClientMessageType): JsonSchema {
  const generated = targetConstructorToSchema(DTOS[type]) as JsonSchema;
  const required = generated.required ?? [];
  const properties: Record<string, JsonSchema> = { type: { type: 'string', const: type } };
  for (const [name, property] of Object.entries(generated.properties ?? {})) {
    if (name === 'type') continue;
    properties[name] = required.includes(name) ? property : orNull(property);
  }
  return {
    type: 'object',
    properties,
    required: type === 'handshake' ? required : ['type', ...required.filter((n) => n !== 'type')],
    additionalProperties: false,
  };
}

function orNull(property: JsonSchema): JsonSchema {
  const types = [property.type ?? []].flat();
  return {
    ...property,
    ...(types.length ? { type: [...types, 'null'] } : {}),
    ...(property.enum ? { enum: [...property.enum, null] } : {}),
  };
}
