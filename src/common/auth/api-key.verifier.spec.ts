import { describe, expect, it } from '@jest/globals';
import { ApiKeyVerifier } from './api-key.verifier.js';

describe('ApiKeyVerifier', () => {
  const verifier = new ApiKeyVerifier(['first-key', 'second-key']);

  it('accepts each configured key', () => {
    expect(verifier.verify('first-key')).toBe(true);
    expect(verifier.verify('second-key')).toBe(true);
  });

  it('refuses wrong, partial, longer, empty and missing keys', () => {
    for (const key of ['first', 'first-key2', 'FIRST-KEY', '', undefined]) {
      expect(verifier.verify(key)).toBe(false);
    }
  });

  it('is off without keys', () => {
    expect(new ApiKeyVerifier([]).enabled).toBe(false);
    expect(new ApiKeyVerifier([]).verify('')).toBe(false);
  });

  it('reads bearer tokens only', () => {
    expect(ApiKeyVerifier.bearerToken('Bearer abc')).toBe('abc');
    expect(ApiKeyVerifier.bearerToken('bearer   abc ')).toBe('abc');
    expect(ApiKeyVerifier.bearerToken('Basic abc')).toBeUndefined();
    expect(ApiKeyVerifier.bearerToken('Bearer a b')).toBeUndefined();
    expect(ApiKeyVerifier.bearerToken(undefined)).toBeUndefined();
  });
});
