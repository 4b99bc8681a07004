import { METHODS } from 'node:http';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';

/**
 * What this code reads of Express 5's router (the `router` package, 2.x): its layers, their
 * `match()`, and their routes' `methods` (the published types still describe Express 4's).
 */
interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  match(path: string): unknown;
}

/** A route's methods, as the Allow header lists them: GET routes serve HEAD too (Express does). */
function methodsOf(route: NonNullable<RouterLayer['route']>): string[] {
  const methods = Object.keys(route.methods)
    .filter((name) => name !== '_all' && route.methods[name])
    .map((name) => name.toUpperCase());
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
  return methods;
}

/** A route that takes every method is a middleware mount (Nest's forRoutes('{*path}')). */
const takesEveryMethod = (route: NonNullable<RouterLayer['route']>) =>
  route.methods._all === true || METHODS.every((method) => route.methods[method.toLowerCase()]);

function matches(layer: RouterLayer, path: string): boolean {
  try {
    return Boolean(layer.match(path));
  } catch {
    return false; // a malformed %-escape in a parameter: Express would not serve it either
  }
}

/**
 * The routes that serve the request's path, and their methods, read from the application's
 * Express router, where Nest registers every controller route (and Swagger its pages): so the
 * answer follows the routes as they are, with Express's own matching (case, trailing slash).
 */
export function routesAt(req: Request): { paths: string[]; methods: string[] } {
  const stack = (req.app?.router as unknown as { stack?: RouterLayer[] } | undefined)?.stack ?? [];
  const path = req.originalUrl.split(/[?#]/)[0];
  const paths = new Set<string>();
  const methods = new Set<string>();
  for (const layer of stack) {
    const route = layer.route;
    if (!route || takesEveryMethod(route) || !matches(layer, path)) continue;
    paths.add(String(route.path));
    for (const method of methodsOf(route)) methods.add(method);
  }
  return { paths: [...paths], methods: [...methods] };
}

/** 405 (RFC 9110 §15.5.6): the path is a route's, under other methods, which Allow lists. */
export class WrongMethodException extends HttpException {
  constructor(
    readonly allow: string,
    detail: string,
  ) {
    super({ detail }, HttpStatus.METHOD_NOT_ALLOWED);
  }
}

/**
 * The 405 for a request whose path has routes, none of them under its method; undefined when a
 * route takes the method or no route has the path (a 404 then).
 */
export function methodNotAllowed(req: Request): WrongMethodException | undefined {
  const { paths, methods } = routesAt(req);
  if (methods.length === 0 || methods.includes(req.method)) return undefined;
  const use = methods.filter((method) => method !== 'HEAD' || !methods.includes('GET'));
  return new WrongMethodException(
    methods.join(', '),
    `${paths[0]} does not answer ${req.method}: send a ${use.join(' or ')} request. See /docs for the API.`,
  );
}
