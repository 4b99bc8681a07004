import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Checks bearer tokens against the configured keys in constant time: every key is compared, over
 * fixed-length digests, so neither the position of a match nor the key length shows in the timing.
 */
export class ApiKeyVerifier {
  private readonly digests: Buffer[];

  constructor(keys: readonly string[]) {
    this.digests = keys.map(digest);
  }

  get enabled(): boolean {
    return this.digests.length > 0;
  }

  verify(candidate: string | undefined): boolean {
    const presented = digest(candidate ?? '');
    let match = false;
    for (const key of this.digests) match = timingSafeEqual(key, presented) || match;
    return match && candidate !== undefined && candidate.length > 0;
  }

  /** The token of an `Authorization: Bearer <token>` header, if that is what it holds. */
  static bearerToken(header: string | undefined): string | undefined {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    return match?.[1];
  }
}
