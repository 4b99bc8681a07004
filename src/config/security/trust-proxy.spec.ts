import { describe, expect, it } from '@jest/globals';
import { trustProxyProblem } from './trust-proxy.js';

describe('TRUST_PROXY values', () => {
  it('accepts a number of proxies, addresses, subnets and the range names', () => {
    for (const value of [
      '1',
      '3',
      'loopback',
      '10.0.0.1',
      '10.0.0.0/8, fd00::/8',
      'uniquelocal,::1',
    ]) {
      expect([value, trustProxyProblem(value)]).toEqual([value, undefined]);
    }
  });

  it('explains what is wrong', () => {
    expect(trustProxyProblem('true')).toMatch(/any client choose the address/);
    expect(trustProxyProblem('0')).toMatch(/1 to 10/);
    expect(trustProxyProblem('11')).toMatch(/1 to 10/);
    expect(trustProxyProblem('10.0.0.0/33')).toMatch(/not understood: 10\.0\.0\.0\/33/);
    expect(trustProxyProblem('nginx, 10.0.0.1')).toMatch(/not understood: nginx$/);
    expect(trustProxyProblem(',')).toMatch(/not understood/);
  });
});
