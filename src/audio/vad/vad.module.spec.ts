import { describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '../../config/config.module.js';
import { loadConfig } from '../../config/load-config.js';
import { SentenceSegmenter } from './sentence-segmenter.js';
import { SileroVadModel } from './silero-vad.model.js';
import { SentenceSegmenterFactory, VadModule } from './vad.module.js';

describe('VadModule', () => {
  it('loads the model at init and hands out segmenters configured from VAD_*', async () => {
    const config = loadConfig({
      VAD_THRESHOLD: '0.6',
      VAD_SILENCE_FRAMES: '25',
      VAD_PREROLL_MS: '256',
      VAD_MAX_SENTENCE_MS: '10000',
    });
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), VadModule],
    }).compile();
    await moduleRef.init();
    try {
      const model = moduleRef.get(SileroVadModel);
      expect(model.ready).toBe(true);
      const factory = moduleRef.get(SentenceSegmenterFactory);
      expect(factory.options).toEqual({
        threshold: 0.6,
        silenceFrames: 25,
        prerollMs: 256,
        maxSentenceMs: 10_000,
        minSpeechFrames: 3,
      });
      const segmenter = factory.create();
      expect(segmenter).toBeInstanceOf(SentenceSegmenter);
      expect(segmenter.threshold).toBe(0.6);
      expect(segmenter.continueThreshold).toBeCloseTo(0.45);
      expect(segmenter.silenceFrames).toBe(25);
      expect(await segmenter.push(new Float32Array(16_000))).toEqual([]);
      expect(await segmenter.flush()).toEqual([]);
    } finally {
      await moduleRef.close();
    }
    expect(moduleRef.get(SileroVadModel).ready).toBe(false);
  });
});
