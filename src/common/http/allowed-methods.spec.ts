import { describe, expect, it } from '@jest/globals';
import express, { type Request } from 'express';
import { methodNotAllowed, routesAt } from './allowed-methods.js';

/** An Express app shaped like Nest's: a middleware on every path, then the routes. */
function app() {
  const noop = () => undefined;
  const application = express();
  application.all('{/*splat}', noop);
  application.get('/languages', noop);
  application.post('/api/v1/translate', noop);
  application.put('/api/v1/items/:id', noop);
  application.delete('/api/v1/items/:id', noop);
  return application;
}

const requestTo = (method: string, originalUrl: string) =>
  ({ app: app(), method, originalUrl }) as unknown as Request;

describe('routesAt', () => {
  it('lists the methods of the routes at a path, HEAD with GET, leaving out middleware mounts', () => {
    expect(routesAt(requestTo('POST', '/languages'))).toEqual({
      paths: ['/languages'],
      methods: ['GET', 'HEAD'],
    });
    expect(routesAt(requestTo('GET', '/api/v1/items/42?x=1')).methods).toEqual(['PUT', 'DELETE']);
  });

  it('matches as Express does: any case, a trailing slash, the query left out', () => {
    expect(routesAt(requestTo('GET', '/API/V1/Translate/?q=1')).methods).toEqual(['POST']);
  });

  it('finds nothing at a path no route has, nor for a malformed escape in a parameter', () => {
    expect(routesAt(requestTo('GET', '/nope'))).toEqual({ paths: [], methods: [] });
    expect(routesAt(requestTo('GET', '/api/v1/items/%E0%A4%A')).methods).toEqual([]);
  });
});

describe('methodNotAllowed', () => {
  it('refuses a method the route does not take with 405, its Allow list and what to send', () => {
    const refusal = methodNotAllowed(requestTo('GET', '/api/v1/translate'));
    expect(refusal?.getStatus()).toBe(405);
    expect(refusal?.allow).toBe('POST');
    expect(refusal?.getResponse()).toEqual({
      detail: '/api/v1/translate does not answer GET: send a POST request. See /docs for the API.',
    });
    const onGetRoute = methodNotAllowed(requestTo('POST', '/languages'));
    expect(onGetRoute?.allow).toBe('GET, HEAD');
    expect(onGetRoute?.getResponse()).toEqual({
      detail: '/languages does not answer POST: send a GET request. See /docs for the API.',
    });
  });

  it('leaves unknown paths to the 404, and methods the route takes to the route', () => {
    expect(methodNotAllowed(requestTo('POST', '/nope'))).toBeUndefined();
    expect(methodNotAllowed(requestTo('HEAD', '/languages'))).toBeUndefined();
    expect(methodNotAllowed(requestTo('DELETE', '/api/v1/items/1'))).toBeUndefined();
  });
});
