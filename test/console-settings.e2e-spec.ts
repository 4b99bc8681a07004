import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp } from './support/test-app.js';

describe('GET /console/settings', () => {
  it.each([
    [{}, false],
    [{ API_KEYS: 'a-key' }, true],
  ])(
    'says whether the WebSocket needs a key (%j) and what the recognizer understands, open without one',
    async (env, required) => {
      const app = await startTestApp(env);
      try {
        const response = await request(app.getHttpServer()).get('/console/settings').expect(200);
        // The embedded recognizer (pocketsphinx) understands English only.
        expect(response.body).toEqual({
          auth_required: required,
          speech_recognition_locales: ['en-US'],
        });
      } finally {
        await app.close();
      }
    },
  );
});
