import { describe, expect, it } from '@jest/globals';
import {
  invalidOrigins,
  isAllowedWebSocketOrigin,
  normalizeOrigin,
  parseOrigins,
} from './origins.js';

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

describe('isAllowedWebSocketOrigin', () => {
  const none = new Set<string>();
  const check = (headers: Record<string, string>, allowed: ReadonlySet<string> = none) =>
    isAllowedWebSocketOrigin({ headers }, allowed);

  it('allows clients that send no Origin (not browsers)', () => {
    expect(check({ host: 'interpretation.example.org' })).toBe(true);
  });

  it("allows the service's own pages: the Origin names the Host", () => {
    expect(check({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' })).toBe(true);
    expect(check({ host: 'Interp.Example.org', origin: 'https://interp.example.org' })).toBe(true);
    // Behind a TLS proxy that passes nginx's $host (no port): the scheme's default port.
    expect(check({ host: 'interp.example.org', origin: 'https://interp.example.org' })).toBe(true);
    expect(check({ host: 'interp.example.org:443', origin: 'https://interp.example.org' })).toBe(
      true,
    );
    expect(check({ host: '[::1]:3000', origin: 'http://[::1]:3000' })).toBe(true);
  });

  it('refuses pages of other sites, other ports and opaque origins', () => {
    expect(check({ host: '127.0.0.1:3000', origin: 'https://evil.example' })).toBe(false);
    expect(check({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' })).toBe(false);
    expect(check({ host: 'interp.example.org', origin: 'https://interp.example.org:8443' })).toBe(
      false,
    );
    expect(
      check({ host: 'interp.example.org', origin: 'https://interp.example.org.evil.example' }),
    ).toBe(false);
    expect(check({ host: '127.0.0.1:3000', origin: 'null' })).toBe(false);
    expect(check({ origin: 'http://127.0.0.1:3000' })).toBe(false);
  });

  it('allows the listed origins', () => {
    const allowed = new Set(['https://console.example.org']);
    expect(check({ host: '10.0.0.5:3000', origin: 'https://console.example.org' }, allowed)).toBe(
      true,
    );
    expect(
      check({ host: '10.0.0.5:3000', origin: 'https://Console.Example.org:443' }, allowed),
    ).toBe(true);
    expect(check({ host: '10.0.0.5:3000', origin: 'http://console.example.org' }, allowed)).toBe(
      false,
    );
  });
});
