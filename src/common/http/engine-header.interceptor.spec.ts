import { describe, expect, it } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, type Observable, of, throwError } from 'rxjs';
import { engineHeader } from './engine-header.interceptor.js';

class FakeService {
  engineName = 'apertium';
}

function httpContext(headers: Map<string, string>): ExecutionContext {
  const response = { setHeader: (name: string, value: string) => headers.set(name, value) };
  return {
    switchToHttp: () => ({ getResponse: () => response }),
  } as unknown as ExecutionContext;
}

describe('engineHeader', () => {
  const Interceptor = engineHeader(FakeService);
  /** The answer of the interceptor around `next`, for a response that records its headers. */
  const answer = (service: FakeService, headers: Map<string, string>, next: CallHandler) =>
    lastValueFrom(
      new Interceptor(service).intercept(httpContext(headers), next) as Observable<unknown>,
    );

  it("names the service's engine in X-Engine before the handler runs", async () => {
    const service = new FakeService();
    const headers = new Map<string, string>();
    let seenByHandler: string | undefined;
    const next: CallHandler = {
      handle: () => {
        seenByHandler = headers.get('X-Engine');
        return of('answer');
      },
    };
    expect(await answer(service, headers, next)).toBe('answer');
    expect(seenByHandler).toBe('apertium');
  });

  it('reads the engine at each request (a service may change it), and leaves failures as they are', async () => {
    const service = new FakeService();
    const headers = new Map<string, string>();
    const failure = new Error('engine down');
    service.engineName = 'openai';
    const next: CallHandler = { handle: () => throwError(() => failure) };
    await expect(answer(service, headers, next)).rejects.toBe(failure);
    expect(headers.get('X-Engine')).toBe('openai');
  });

  it("is named after its service, for Nest's injector and its error messages", () => {
    expect(Interceptor.name).toBe('FakeServiceEngineHeaderInterceptor');
    expect(engineHeader(FakeService)).not.toBe(Interceptor);
  });
});
