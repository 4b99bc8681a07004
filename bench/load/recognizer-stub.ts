/**
 * A stand-in for a remote recognizer (`--asr-stub-ms`): an OpenAI-compatible transcription
 * server on loopback that answers every segment, after a fixed delay, with one English sentence.
 * It measures what the rest of the service carries when recognition runs on other machines
 * (ASR_ENGINE=openai), the way docs/deployment.md scales out; the words are not the point.
 */
import {
  FAKE_TRANSCRIPTION_MODEL,
  startFakeOpenAiAudio,
} from '../../test/support/fake-openai-audio.js';

export const STUB_TRANSCRIPT = 'The patient has a fever and a headache.';

export interface RecognizerStub {
  /** The server's environment that points its recognizer at the stub. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startRecognizerStub(delayMs: number): Promise<RecognizerStub> {
  const stub = await startFakeOpenAiAudio({ transcribe: () => STUB_TRANSCRIPT, delayMs });
  return {
    env: {
      ASR_ENGINE: 'openai',
      ASR_OPENAI_BASE_URL: stub.url,
      ASR_OPENAI_MODEL: FAKE_TRANSCRIPTION_MODEL,
    },
    close: () => stub.close(),
  };
}
