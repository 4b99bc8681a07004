/** Where the API description is served, open without an API key like the console's page. */
export const SWAGGER_UI_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs-json';
