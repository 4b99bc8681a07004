import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/load-config.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { asrEngineProvider } from './asr-engine.provider.js';
import { MoonshinePocketsphinxEngine } from './moonshine-pocketsphinx/moonshine-pocketsphinx.engine.js';
import { MoonshineEngine } from './moonshine/moonshine.engine.js';
import { PocketsphinxEngine } from './pocketsphinx/pocketsphinx.engine.js';

/** The engine the provider builds (not started: no decoder is spawned) and its second-decode threshold. */
function redecodeBelow(env: Record<string, string>): number | undefined {
  const factory = (asrEngineProvider as { useFactory: (...args: unknown[]) => unknown }).useFactory;
  const engine = factory(
    loadConfig({ ASR_ENGINE: 'pocketsphinx', ASR_POOL_SIZE: '1', ...env }),
    new LanguageCatalog(),
  );
  expect(engine).toBeInstanceOf(PocketsphinxEngine);
  return (engine as unknown as { streamPool: { redecodeBelow?: number } }).streamPool.redecodeBelow;
}

describe('the pocketsphinx engine from the settings', () => {
  it('decodes doubtful streamed sentences again under LOW_CONFIDENCE, another threshold, or never at 0', () => {
    expect(redecodeBelow({})).toBe(0.49);
    expect(redecodeBelow({ ASR_REDECODE_BELOW: '0.7' })).toBe(0.7);
    expect(redecodeBelow({ ASR_REDECODE_BELOW: '0' })).toBeUndefined();
  });
});

describe('the engine ASR_ENGINE names', () => {
  it('is Moonshine with pocketsphinx by default: one Moonshine thread per two pool decoders, two live decoders per pool decoder (not started)', () => {
    const factory = (asrEngineProvider as { useFactory: (...args: unknown[]) => unknown })
      .useFactory;
    const engine = factory(loadConfig({ ASR_POOL_SIZE: '2' }), new LanguageCatalog());
    expect(engine).toBeInstanceOf(MoonshinePocketsphinxEngine);
    const { moonshine, pocketsphinx } = engine as MoonshinePocketsphinxEngine;
    expect((moonshine as unknown as { options: { threads: number } }).options.threads).toBe(1);
    expect((pocketsphinx as unknown as { slots: unknown[] }).slots).toHaveLength(2 + 4); // 2 live per pool decoder
  });

  it('is Moonshine for moonshine, with one thread per ASR_POOL_SIZE (not started)', () => {
    const factory = (asrEngineProvider as { useFactory: (...args: unknown[]) => unknown })
      .useFactory;
    const engine = factory(
      loadConfig({ ASR_ENGINE: 'moonshine', ASR_POOL_SIZE: '3' }),
      new LanguageCatalog(),
    );
    expect(engine).toBeInstanceOf(MoonshineEngine);
    expect((engine as unknown as { options: { threads: number } }).options.threads).toBe(3);
    expect((engine as MoonshineEngine).languages()).toEqual(['en-US']);
  });
});
