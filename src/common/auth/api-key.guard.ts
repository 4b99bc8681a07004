import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../http/public.decorator.js';
import { ApiKeyVerifier } from './api-key.verifier.js';

/** Requires `Authorization: Bearer <key>` on every HTTP route not marked @Public() when API_KEYS is set. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly verifier: ApiKeyVerifier,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.verifier.enabled || context.getType() !== 'http') return true;
    const open = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (open) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers.authorization;
    if (this.verifier.verify(ApiKeyVerifier.bearerToken(header))) return true;
    throw new UnauthorizedException({
      detail: header
        ? 'The API key is not valid. Send a key from the server\'s API_KEYS as "Authorization: Bearer <key>".'
        : 'An API key is required. Send it as "Authorization: Bearer <key>".',
    });
  }
}
