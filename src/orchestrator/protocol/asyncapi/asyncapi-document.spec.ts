import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Parser } from '@asyncapi/parser';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { getMetadataStorage } from 'class-validator';
import {
  generateServerMessageSchemas,
  SERVER_MESSAGE_SCHEMAS_FILE,
  serializeServerMessageSchemas,
} from '../../../../tools/protocol-schemas/server-message-schemas.js';
import { ClientMessageParser, MESSAGE_TYPES } from '../client-message-parser.js';
import { HandshakeDto } from '../dto/handshake.dto.js';
import { ASYNCAPI_VERSION, buildAsyncApiDocument } from './asyncapi-document.js';

/**
 * Issue 14 item 11: the AsyncAPI description of the session protocol is valid for the AsyncAPI
 * project's own parser, and stays in step with the code. The lists it is checked against come
 * from the code, not from the document: the client's messages from the parser's table and the
 * fields its DTOs validate, the server's from a fresh generation out of the `ServerMessage`
 * union. A message added to either without being described fails here.
 */

type Schema = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  const?: unknown;
};
type Message = {
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  payload: Schema;
  examples?: { name?: string; summary?: string; payload: Record<string, unknown> }[];
};

const document = buildAsyncApiDocument();
const schemas = document.components.schemas as Record<string, Schema>;
const messages = document.components.messages as Record<string, Message>;
const jsonMessages = Object.entries(messages).filter(
  ([, m]) => m.contentType === 'application/json',
);
const payloadOf = (message: Message): Schema =>
  schemas[message.payload.$ref!.replace('#/components/schemas/', '')];
/** The messages whose `type` is this one (two server messages share `error`). */
const messagesOfType = (type: string) =>
  jsonMessages.filter(([, m]) => payloadOf(m).properties?.type?.const === type);

const parser = new ClientMessageParser();
const CLIENT_TYPES = ['handshake', ...Object.keys(MESSAGE_TYPES)];
const DTOS: Record<string, new () => object> = { handshake: HandshakeDto, ...MESSAGE_TYPES };
/** The fields the parser takes for a client message: those its DTO has a decorator for. */
const validatedFields = (type: string) =>
  new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(DTOS[type], '', true, false)
      .map((metadata) => metadata.propertyName),
  );
const parse = (type: string, payload: Record<string, unknown>) =>
  type === 'handshake'
    ? parser.parseHandshake(JSON.stringify(payload))
    : parser.parseMessage(JSON.stringify(payload));

describe('the AsyncAPI description of the session protocol', () => {
  it('is a valid AsyncAPI 3 document for @asyncapi/parser, without a warning', async () => {
    expect(ASYNCAPI_VERSION).toMatch(/^3\./);
    const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(document));
    // Spectral severities: 0 error, 1 warning, 2 information, 3 hint.
    expect(diagnostics.filter((d) => d.severity <= 1)).toEqual([]);
    expect(parsed).toBeDefined();
    const names = parsed!
      .messages()
      .all()
      .map((message) => message.name());
    expect(names.sort()).toEqual(Object.keys(messages).sort());
    expect(parsed!.channels().all()[0].address()).toBe('/ws');
  });

  it('describes every client message the parser knows, with exactly the fields it validates', () => {
    expect(CLIENT_TYPES.length).toBeGreaterThanOrEqual(7);
    for (const type of CLIENT_TYPES) {
      const found = messagesOfType(type);
      expect({ type, messages: found.length }).toEqual({ type, messages: 1 });
      const payload = payloadOf(found[0][1]);
      expect({ type, fields: Object.keys(payload.properties ?? {}).sort() }).toEqual({
        type,
        fields: [...validatedFields(type)].sort(),
      });
    }
  });

  it('describes every server message of the ServerMessage union, with its fields', () => {
    const generated = generateServerMessageSchemas();
    expect(generated.messages.length).toBeGreaterThanOrEqual(16);
    for (const name of generated.messages) {
      const fresh = generated.schemas[name] as Schema;
      const type = fresh.properties!.type.const as string;
      const found = messagesOfType(type).filter(([, m]) => m.payload.$ref?.endsWith(`/${name}`));
      expect({ name, messages: found.length }).toEqual({ name, messages: 1 });
      const payload = payloadOf(found[0][1]);
      expect({ name, fields: Object.keys(payload.properties ?? {}) }).toEqual({
        name,
        fields: Object.keys(fresh.properties ?? {}),
      });
      expect({ name, required: payload.required }).toEqual({ name, required: fresh.required });
    }
  });

  it('is built from a server-message-schemas.json generated from the current types', () => {
    // Stale: run `npm run protocol:schemas` after changing src/orchestrator/protocol/server-messages.ts.
    const committed = readFileSync(
      new URL(`../../../../${SERVER_MESSAGE_SCHEMAS_FILE}`, import.meta.url),
      'utf8',
    );
    expect(committed).toBe(serializeServerMessageSchemas(generateServerMessageSchemas()));
  });

  it('gives every message a name, title, summary, description and examples, every field a description', () => {
    for (const [key, message] of Object.entries(messages)) {
      expect({ key, name: message.name }).toEqual({ key, name: key });
      for (const text of [message.title, message.summary, message.description]) {
        expect({ key, text: (text?.trim().length ?? 0) >= 3 }).toEqual({ key, text: true });
      }
      if (message.contentType !== 'application/json') continue;
      expect({ key, examples: (message.examples?.length ?? 0) > 0 }).toEqual({
        key,
        examples: true,
      });
      for (const [field, property] of Object.entries(payloadOf(message).properties ?? {})) {
        const described =
          typeof property.description === 'string' && property.description.length > 3;
        expect({ key, field, described }).toEqual({ key, field, described: true });
      }
    }
  });

  it('has examples that their own schemas accept', () => {
    const ajv = ajvFormats.default(new Ajv({ strict: false, allErrors: true }));
    ajv.addSchema({ components: document.components }, 'asyncapi');
    let checked = 0;
    for (const [key, message] of jsonMessages) {
      const validate = ajv.getSchema(`asyncapi${message.payload.$ref!}`)!;
      for (const example of message.examples ?? []) {
        validate(example.payload);
        expect({ key, example: example.name, errors: validate.errors ?? null }).toEqual({
          key,
          example: example.name,
          errors: null,
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it('has client examples that the server accepts, and agrees with it on what else it accepts', () => {
    const ajv = ajvFormats.default(new Ajv({ strict: false }));
    ajv.addSchema({ components: document.components }, 'asyncapi');
    for (const type of CLIENT_TYPES) {
      const [[key, message]] = messagesOfType(type);
      const validate = ajv.getSchema(`asyncapi${message.payload.$ref!}`)!;
      const agree = (variant: string, payload: Record<string, unknown>, accepted: boolean) =>
        expect({
          key,
          variant,
          schema: validate(payload),
          server: parse(type, payload).ok,
        }).toEqual({ key, variant, schema: accepted, server: accepted });
      const required = payloadOf(message).required ?? [];
      for (const example of message.examples!) {
        agree(`example ${example.name}`, example.payload, true);
        agree('an unknown field', { ...example.payload, unknown_field: 1 }, false);
        for (const field of Object.keys(example.payload)) {
          if (field === 'type') continue;
          // An optional field may be null (absent); a required one may not be left out.
          agree(`${field}: null`, { ...example.payload, [field]: null }, !required.includes(field));
        }
      }
    }
  });

  it('has an operation for every message, and replies that are server messages', () => {
    const operations = Object.values(document.operations) as {
      action: string;
      messages: { $ref: string }[];
      reply?: { messages: { $ref: string }[] };
    }[];
    const key = (ref: { $ref: string }) => ref.$ref.split('/').pop()!;
    const covered = operations.flatMap((operation) => operation.messages.map(key));
    expect(covered.sort()).toEqual(Object.keys(messages).sort());
    for (const operation of operations.filter((o) => o.action === 'receive' && o.reply)) {
      for (const reply of operation.reply!.messages.map(key)) {
        expect(
          operations.some((o) => o.action === 'send' && o.messages.map(key).includes(reply)),
        ).toBe(true);
      }
    }
  });
});
