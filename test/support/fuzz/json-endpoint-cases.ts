/** Every hostile request for one JSON endpoint, and the valid ones at its length bounds. */
import * as fc from 'fast-check';
import type { FuzzRequest } from './client.js';
import { anyJsonRequest, dtoRequest, entriesJson, type JsonEndpoint, jsonRequest } from './json.js';
import {
  contentEncodingRequest,
  contentTypeRequest,
  invalidUtf8Request,
  malformedJsonRequest,
} from './json-malformed.js';
import {
  deepRequest,
  emptyRequest,
  hugeRequest,
  wideRequest,
  wrongMethodRequest,
} from './json-shapes.js';

/** Everything hostile for one JSON endpoint. */
export function jsonEndpointCases(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 40, arbitrary: dtoRequest(endpoint) },
    { weight: 8, arbitrary: anyJsonRequest(endpoint.path) },
    { weight: 14, arbitrary: malformedJsonRequest(endpoint) },
    { weight: 6, arbitrary: invalidUtf8Request(endpoint) },
    { weight: 7, arbitrary: contentTypeRequest(endpoint) },
    { weight: 4, arbitrary: contentEncodingRequest(endpoint) },
    { weight: 4, arbitrary: hugeRequest(endpoint) },
    { weight: 3, arbitrary: emptyRequest(endpoint.path) },
    { weight: 6, arbitrary: deepRequest(endpoint) },
    { weight: 3, arbitrary: wideRequest(endpoint) },
    { weight: 3, arbitrary: wrongMethodRequest(endpoint.path) },
  );
}

/** Valid bodies at and just past each length bound: run once each, before the generated ones. */
export function boundaryExamples(
  endpoint: JsonEndpoint,
  valid: Record<string, unknown>,
): FuzzRequest[] {
  const examples: FuzzRequest[] = [];
  for (const [name, spec] of Object.entries(endpoint.fields)) {
    if (!spec.maxLength) continue;
    for (const [piece, label] of [
      ['a', 'ASCII'],
      ['😀', 'emoji'],
    ] as const) {
      for (const length of [spec.maxLength, spec.maxLength + 1]) {
        const body = entriesJson(Object.entries({ ...valid, [name]: piece.repeat(length) }));
        examples.push(jsonRequest(endpoint.path, body, `bound ${name} ${length} ${label}`));
      }
    }
  }
  return examples;
}
