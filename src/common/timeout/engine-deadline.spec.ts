import { describe, expect, it } from '@jest/globals';
import { EngineTimeoutError } from '../errors/engine.errors.js';
import { engineTimeout, withEngineDeadline } from './engine-deadline.js';

const deadline = { service: 'LLM', engine: 'fake', ms: 20, setting: 'LLM_TIMEOUT_MS' };

describe('withEngineDeadline', () => {
  it('gives up an engine that ignores its signal with a timeout naming the setting', async () => {
    const error = await withEngineDeadline(deadline, () => new Promise<never>(() => {})).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect((error as EngineTimeoutError).detail).toBe(
      "LLM engine 'fake': no answer within 20 ms. Check the engine, or raise LLM_TIMEOUT_MS.",
    );
  });

  it('passes the answer through and says what was awaited', async () => {
    await expect(withEngineDeadline(deadline, async () => 'ok')).resolves.toBe('ok');
    expect(engineTimeout({ ...deadline, awaited: 'audio' }).message).toBe('no audio within 20 ms.');
  });
});
