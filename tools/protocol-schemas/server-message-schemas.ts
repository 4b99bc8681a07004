import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

/**
 * The JSON Schemas of the server's messages, generated from their one declaration, the
 * `ServerMessage` union of src/orchestrator/protocol/server-messages.ts (ts-json-schema-generator
 * reads the TypeScript types and their comments). The AsyncAPI document is built from the
 * committed output at run time, when TypeScript is not there; the AsyncAPI test regenerates it
 * and fails when the committed file is stale: run `npm run protocol:schemas` after changing a
 * server message.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_MESSAGES_SOURCE = 'src/orchestrator/protocol/server-messages.ts';
export const SERVER_MESSAGE_SCHEMAS_FILE =
  'src/orchestrator/protocol/asyncapi/server-message-schemas.json';

/** What the AsyncAPI document reads: the union's members, in order, and every schema. */
export interface ServerMessageSchemas {
  /** The names of the union's members (the interfaces), in the order the union lists them. */
  messages: string[];
  /** Each member and each type they use, refs pointing at `#/components/schemas/`. */
  schemas: Record<string, object>;
}

export function generateServerMessageSchemas(): ServerMessageSchemas {
  const generator = createGenerator({
    path: `${ROOT}/${SERVER_MESSAGES_SOURCE}`,
    tsconfig: `${ROOT}/tsconfig.json`,
    type: 'ServerMessage',
    // Type checking is tsc's job; the generator only reads the declarations.
    skipTypeCheck: true,
    // Clients should ignore fields they do not know (extensions may come), so none is forbidden.
    additionalProperties: true,
    sortProps: false,
  });
  const json = JSON.stringify(generator.createSchema('ServerMessage')).replaceAll(
    '"#/definitions/',
    '"#/components/schemas/',
  );
  const { definitions } = JSON.parse(json) as {
    definitions: Record<string, { anyOf?: { $ref: string }[] }>;
  };
  const { ServerMessage: union, ...schemas } = definitions;
  const messages = (union.anyOf ?? []).map((member) => member.$ref.split('/').pop()!);
  return { messages, schemas };
}

/** The file's content: stable, so that a regeneration without change leaves no diff. */
export function serializeServerMessageSchemas(schemas: ServerMessageSchemas): string {
  return `${JSON.stringify(schemas, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = `${ROOT}/${SERVER_MESSAGE_SCHEMAS_FILE}`;
  writeFileSync(file, serializeServerMessageSchemas(generateServerMessageSchemas()));
  process.stdout.write(`Wrote ${SERVER_MESSAGE_SCHEMAS_FILE}\n`);
}
