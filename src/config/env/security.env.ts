import { Transform } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  Max,
  Min,
  Validate,
  type ValidationArguments,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { invalidOrigins, parseOrigins } from '../security/origin-list.js';
import { trustProxyProblem } from '../security/trust-proxy.js';
import { toInt, trimmed } from './env-values.js';
import { OperationsEnv } from './operations.env.js';

/** A comma-separated list of web origins (scheme, host, optional port; no path). */
@ValidatorConstraint({ name: 'originList' })
class OriginList implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && invalidOrigins(value).length === 0;
  }

  defaultMessage({ property, value }: ValidationArguments): string {
    const wrong = typeof value === 'string' ? invalidOrigins(value) : [String(value)];
    return `${property} must be comma-separated origins such as https://console.example.org or http://10.0.0.5:3000 (scheme, host and optional port, no path); not an origin: ${wrong.join(', ')}`;
  }
}

/** TRUST_PROXY: a number of proxies, or their addresses (see ../security/trust-proxy.ts). */
@ValidatorConstraint({ name: 'trustProxy' })
class TrustProxySetting implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && trustProxyProblem(value) === undefined;
  }

  defaultMessage({ value }: ValidationArguments): string {
    return `TRUST_PROXY: ${typeof value === 'string' ? trustProxyProblem(value) : 'expected text'}`;
  }
}

/** Security (docs/deployment.md, Security): proxies, rate limits, origins. */
export class SecurityEnv extends OperationsEnv {
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed, so that rate limits count the real
   * client: how many there are in front of the service (e.g. 1), or their addresses and subnets
   * (comma-separated; the names loopback, linklocal and uniquelocal are accepted). Unset: the
   * connection's peer is the client.
   */
  @Transform(trimmed)
  @IsOptional()
  @Validate(TrustProxySetting)
  TRUST_PROXY?: string;

  /** HTTP requests one client address may send within any minute (then 429); 0 turns it off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  RATE_LIMIT_PER_MINUTE: number = 600;

  /** New WebSocket connections one client address may open within any minute (then 429); 0: off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000)
  WS_CONNECTIONS_PER_MINUTE: number = 60;

  /** Web origins allowed to call the HTTP API from the browser (CORS); unset: none. */
  @Transform(trimmed)
  @IsOptional()
  @Validate(OriginList)
  CORS_ORIGINS?: string;

  /** Web origins whose pages may open sessions at /ws, besides the service's own; unset: none. */
  @Transform(trimmed)
  @IsOptional()
  @Validate(OriginList)
  WS_ALLOWED_ORIGINS?: string;

  get corsOrigins(): string[] {
    return parseOrigins(this.CORS_ORIGINS);
  }

  get wsAllowedOrigins(): string[] {
    return parseOrigins(this.WS_ALLOWED_ORIGINS);
  }
}
