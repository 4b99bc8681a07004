import { describe, expect, it } from '@jest/globals';
import { invalidOrigins, normalizeOrigin, parseOrigins } from './origin-list.js';

describe('normalizeOrigin', () => {
  it('writes an origin as browsers send it', () => {
    expect(normalizeOrigin('https://Console.Example.org')).toBe('https://console.example.org');
    expect(normalizeOrigin('https://console.example.org:443/')).toBe('https://console.example.org');
    expect(normalizeOrigin('http://10.0.0.5:3000')).toBe('http://10.0.0.5:3000');
    expect(normalizeOrigin(' http://[::1]:8080 ')).toBe('http://[::1]:8080');
  });

  it('refuses what is not an origin', () => {
    for (const value of [
      'console.example.org',
      '*',
      'null',
      'ftp://example.org',
      'https://example.org/app',
      'https://example.org?x=1',
      'https://user@example.org',
      '',
    ]) {
      expect([value, normalizeOrigin(value)]).toEqual([value, undefined]);
    }
  });
});

describe('origin lists', () => {
  it('parses comma-separated origins, ignoring empty entries', () => {
    expect(parseOrigins(' https://a.example , ,http://b.example:8080/')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
  });

  it('names the entries that are not origins', () => {
    expect(invalidOrigins('https://a.example,b.example,https://c.example/path')).toEqual([
      'b.example',
      'https://c.example/path',
    ]);
    expect(invalidOrigins('https://a.example')).toEqual([]);
  });
});
