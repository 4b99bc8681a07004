import { describe, expect, it } from '@jest/globals';
import { compileTrustProxy } from '../../config/security/trust-proxy.js';
import { clientAddress } from './client-address.js';

const request = (remoteAddress: string, forwarded?: string) => ({
  socket: { remoteAddress } as never,
  headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
});

describe('clientAddress', () => {
  it("is the connection's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request('10.0.0.9', '203.0.113.7'), undefined)).toBe('10.0.0.9');
    expect(clientAddress(request('10.0.0.9', '203.0.113.7'), compileTrustProxy(''))).toBe(
      '10.0.0.9',
    );
  });

  it('believes as many proxies as TRUST_PROXY counts, from the connection outwards', () => {
    const one = compileTrustProxy('1');
    // nginx appends the peer it saw to what the client sent: the client cannot choose.
    expect(clientAddress(request('10.0.0.2', 'spoofed, 203.0.113.7'), one)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2'), one)).toBe('10.0.0.2');
    const two = compileTrustProxy('2');
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.3'), two)).toBe(
      '203.0.113.7',
    );
  });

  it('believes the listed proxies only', () => {
    const trust = compileTrustProxy('loopback, 10.0.0.0/8');
    expect(clientAddress(request('127.0.0.1', '203.0.113.7'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('::ffff:127.0.0.1', '203.0.113.7'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('127.0.0.1', '203.0.113.7, 10.1.2.3'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('192.0.2.1', '203.0.113.7'), trust)).toBe('192.0.2.1');
    expect(clientAddress(request('::1', '2001:db8::1'), trust)).toBe('2001:db8::1');
  });
});
