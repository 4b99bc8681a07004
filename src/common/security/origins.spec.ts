import { describe, expect, it } from '@jest/globals';
import { isAllowedWebSocketOrigin } from './origins.js';

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
