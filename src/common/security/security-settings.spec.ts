import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/load-config.js';
import { rateLimitOptions } from './rate-limit.guard.js';
import { corsOptions } from './cors.js';

describe('security settings', () => {
  it('defaults: generous limits, no CORS, no extra WebSocket origins, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ RATE_LIMIT_PER_MINUTE: 600, WS_CONNECTIONS_PER_MINUTE: 60 });
    expect(config.TRUST_PROXY).toBeUndefined();
    expect(config.corsOrigins).toEqual([]);
    expect(config.wsAllowedOrigins).toEqual([]);
    expect(corsOptions(config.corsOrigins)).toBeUndefined();
  });

  it('reads origin lists and the proxy setting', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://ehr.example.org, http://10.0.0.5:8080/',
      WS_ALLOWED_ORIGINS: 'https://console.example.org',
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    expect(config.corsOrigins).toEqual(['https://ehr.example.org', 'http://10.0.0.5:8080']);
    expect(config.wsAllowedOrigins).toEqual(['https://console.example.org']);
    expect(config.TRUST_PROXY).toBe('1');
    expect(config.RATE_LIMIT_PER_MINUTE).toBe(0);
  });

  it('names each wrong setting and what it accepts', () => {
    let message = '';
    try {
      loadConfig({
        CORS_ORIGINS: 'https://ehr.example.org,ehr.example.org',
        WS_ALLOWED_ORIGINS: '*',
        TRUST_PROXY: 'true',
        RATE_LIMIT_PER_MINUTE: '-1',
        WS_CONNECTIONS_PER_MINUTE: 'many',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /CORS_ORIGINS \(currently .*\): .*origins such as .*not an origin: ehr\.example\.org$/m,
    );
    expect(message).toMatch(/WS_ALLOWED_ORIGINS \(currently "\*"\): .*not an origin: \*$/m);
    expect(message).toMatch(/TRUST_PROXY \(currently "true"\): .*number of proxies/);
    expect(message).toMatch(/RATE_LIMIT_PER_MINUTE \(currently -1\): .*not be less than 0/);
    expect(message).toMatch(/WS_CONNECTIONS_PER_MINUTE \(currently "many"\): .*integer/);
  });

  it('limits every client on one budget per minute, probes excepted', () => {
    const options = rateLimitOptions(loadConfig({ RATE_LIMIT_PER_MINUTE: '42' }));
    if (Array.isArray(options)) throw new Error('expected the options object');
    expect(options.throttlers).toEqual([
      { name: 'default', ttl: 60_000, limit: 42, blockDuration: 0 },
    ]);
    expect(options.generateKey?.({} as never, '10.0.0.7', 'default')).toBe('default:10.0.0.7');
    const http = (path: string) =>
      ({
        getType: () => 'http',
        switchToHttp: () => ({ getRequest: () => ({ path }) }),
      }) as never;
    for (const path of ['/health', '/health/', '/health/live', '/metrics']) {
      expect([path, options.skipIf?.(http(path))]).toEqual([path, true]);
    }
    for (const path of ['/api/v1/translation/languages', '/languages', '/healthz', '/']) {
      expect([path, options.skipIf?.(http(path))]).toEqual([path, false]);
    }
    expect(options.skipIf?.({ getType: () => 'ws' } as never)).toBe(true);
  });
});
