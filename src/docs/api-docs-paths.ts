/** Where the API descriptions are served, open without an API key like the console's page. */
export const SWAGGER_UI_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs-json';
/** The AsyncAPI description of the WebSocket protocol, beside Swagger UI. */
export const ASYNCAPI_JSON_PATH = '/docs/asyncapi.json';
