import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  MAX_WAV_CHANNELS,
  MAX_WAV_SAMPLE_RATE,
  MIN_WAV_SAMPLE_RATE,
} from '../src/audio/wav-decoder.js';
import { type BuiltServer, ensureBuilt, ROOT, startBuiltServer } from './support/built-server.js';

const run = promisify(execFile);

/** The curl commands of the README's "Try it" section, continuation lines joined. */
function readmeCurlCommands(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Try it'), readme.indexOf('## Configuration'));
  return section
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.startsWith('curl '));
}

/** The `npm run session` command of the README's "A live session" section, and its comment. */
function readmeSessionCommand(): { command: string; comment: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## A live session'),
    readme.indexOf('## Configuration'),
  );
  const lines = section.replace(/\\\n\s*/g, ' ').split('\n');
  const index = lines.findIndex((line) => line.startsWith('npm run session'));
  if (index < 0) throw new Error('README: no npm run session command in "A live session"');
  return { command: lines[index], comment: lines[index - 1] };
}

/** The paragraph of the README that says which WAV files transcription takes. */
function readmeWavFormats(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('Transcription takes WAV files');
  return readme.slice(start, readme.indexOf('\n\n', start)).replace(/\s+/g, ' ');
}

describe('README facts, checked against the code', () => {
  it('states the sample rates and channel counts the WAV decoder accepts', () => {
    const formats = readmeWavFormats();
    const rates = /(\d+) to (\d+) kHz/.exec(formats);
    expect(rates?.slice(1).map(Number)).toEqual([
      MIN_WAV_SAMPLE_RATE / 1000,
      MAX_WAV_SAMPLE_RATE / 1000,
    ]);
    expect(formats).toContain(`1 to ${MAX_WAV_CHANNELS} channels`);
  });
});

describe('README examples, run as written against the built service', () => {
  let server: BuiltServer;
  const commands = readmeCurlCommands();
  // Examples that save a file (curl -o) write it here, not into the repository.
  const cwd = mkdtempSync(join(tmpdir(), 'readme-'));

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'silent' });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(cwd, { recursive: true, force: true });
  });

  const runExample = async (index: number) => {
    // The README's address is the default one; only the port differs here.
    const command = commands[index].replaceAll('http://127.0.0.1:3000', server.url);
    const { stdout } = await run('bash', ['-c', command], { cwd });
    return stdout ? JSON.parse(stdout) : undefined;
  };

  it('has the thirteen documented examples', () => {
    expect(commands).toHaveLength(13);
  });

  it('lists the languages a session can use, and what each can do', async () => {
    const locales = (await runExample(8)) as string[];
    expect(locales).toEqual(expect.arrayContaining(['en-US', 'es-ES', 'fr-FR', 'it-IT', 'pt-BR']));
    // And the 17 a patient may speak through fixed phrases only (issue 32).
    expect(locales).toHaveLength(22);
    const capabilities = (await runExample(9)) as { locale: string; translation: string }[];
    expect(capabilities.map((c) => c.locale)).toEqual(locales);
    expect(capabilities.filter((c) => c.translation === 'machine').map((c) => c.locale)).toEqual([
      'en-US',
      'es-ES',
      'fr-FR',
      'it-IT',
      'pt-BR',
    ]);
  });

  it('answers liveness, readiness with both probes up, and the metrics', async () => {
    expect(await runExample(10)).toEqual({ status: 'ok' });
    const health = await runExample(11);
    expect(health).toMatchObject({
      status: 'ok',
      info: { vad: { status: 'up' }, asr: { status: 'up' } },
    });
    const command = commands[12].replaceAll('http://127.0.0.1:3000', server.url);
    const { stdout } = await run('bash', ['-c', command], { cwd });
    expect(stdout.trim().split('\n')).toEqual([
      'orchestrator_sentences_total{outcome="processed"} 0',
      'orchestrator_sentences_total{outcome="empty"} 0',
      'orchestrator_sentences_total{outcome="errored"} 0',
    ]);
  });

  it('paraphrases for an older patient with the dose kept', async () => {
    const body = await runExample(7);
    expect(body.paraphrases).toContain('high blood pressure');
    expect(body.paraphrases).toContain('5 mg');
  });

  it('lists the languages', async () => {
    const body = await runExample(0);
    expect(body.total).toBe(5);
  });

  it('translates with the dose intact', async () => {
    const body = await runExample(1);
    expect(body.translated_text).toBe('El paciente toma 500 mg de paracetamol 2 x/day.');
  });

  it('translates French to English through Spanish', async () => {
    const body = await runExample(2);
    expect(body.translated_text).toBe('The doctor examines the patient.');
  });

  it('refuses an ISO 639-1 code with the code to send', async () => {
    const body = await runExample(3);
    expect(body.detail[0].msg).toContain('eng_Latn');
  });

  it('speaks a sentence into a WAV file and transcribes it back', async () => {
    expect(await runExample(4)).toBeUndefined();
    const wav = readFileSync(join(cwd, 'fever.wav'));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    const body = await runExample(5);
    expect(body).toMatchObject({ language: 'en-US', success: true });
    expect(typeof body.text).toBe('string');
  });

  it('lists the voices', async () => {
    const body = await runExample(6);
    expect(body.voices).toEqual(
      expect.arrayContaining([
        { language: 'en', gender: 'female' },
        { language: 'en', gender: 'male' },
      ]),
    );
  });

  it('runs the live session example and saves the archive on the client side', async () => {
    // As written, but from the temporary directory, against this server, without real-time pacing.
    const { command: written, comment } = readmeSessionCommand();
    const command = written
      .replace(
        'npm run session --',
        `${join(ROOT, 'node_modules/.bin/tsx')} ${join(ROOT, 'tools/session-client/cli.ts')}`,
      )
      .replace('test/fixtures/', `${join(ROOT, 'test/fixtures')}/`)
      .concat(` --fast --url ${server.url.replace('http', 'ws')}/ws`);
    const { stdout } = await run('bash', ['-c', command], { cwd, timeout: 60_000 });
    expect(stdout.match(/asr_result/g)?.length).toBe(4);
    // The comment names the sentences in the order they are sent, which their ids follow.
    const sources = [...stdout.matchAll(/ s(\d+) +asr_result .*\[(typed|audio)/g)]
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map((match) => match[2]);
    expect(sources).toEqual(['typed', 'audio', 'audio', 'audio']);
    expect(comment.indexOf('typed')).toBeGreaterThan(-1);
    expect(comment.indexOf('typed')).toBeLessThan(comment.indexOf('recorded'));
    const archive = readFileSync(join(cwd, 'conversation.zip'));
    expect(archive.subarray(0, 2).toString()).toBe('PK');
  }, 90_000);
});
