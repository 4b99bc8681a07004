import { afterAll, beforeAll } from '@jest/globals';
import { Logger } from '@nestjs/common';

/**
 * Silences Nest's logger for the tests of the describe (or file) it is called in: the failures
 * they provoke are logged by design, and the test output stays readable.
 */
export function quietLogger(): void {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));
}
