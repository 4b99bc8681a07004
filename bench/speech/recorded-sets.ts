/**
 * Recordings of real people, with what they say, from Debian packages that `setup.mjs --bench`
 * installs (each set is empty, and its row left out, where its package is missing). Synthetic
 * voices pronounce every word the same way each time; these measure the recognizer on speech as
 * people make it, which is what issue 16's held-out goal (≤ 25 % WER) is about.
 *
 * - alsa-utils' channel test: one speaker, 8 two-word phrases ("Front Left").
 * - pocketsphinx-testdata's LibriVox clips: 5 sentences of Sense and Sensibility read by a
 *   volunteer, with CMU Sphinx's reference transcription.
 * - asterisk-core-sounds-en-g722: the telephone prompts recorded by Allison Smith (CC-BY-SA 3.0)
 *   in 16 kHz G.722, with the package's list of what each prompt says. Kept: prompts of at least
 *   two words, without digits (the list writes "press 1", the recognizer "one") and without
 *   descriptions of sounds ("[ascending tones]", "<beep ascending>").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PcmS16leDecoder } from '../../src/audio/stream/pcm-s16le-decoder.js';
import { pipeThrough } from '../../test/support/pipe-through.js';
import { to16k } from './bench-voices.js';

export interface Recording {
  readonly reference: string;
  readonly samples: Float32Array;
}

const ALSA = '/usr/share/sounds/alsa';
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const ALLISON = '/usr/share/asterisk/sounds/en_US_f_Allison';
const ALLISON_TEXTS = '/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';

/** alsa-utils' recordings: a person saying "Front Left", "Rear Center"… (file name = words). */
export async function alsaPhrases(): Promise<Recording[]> {
  if (!existsSync(ALSA)) return [];
  const files = readdirSync(ALSA).filter((f) => /^(Front|Rear|Side)_\w+\.wav$/.test(f));
  return Promise.all(
    files.map(async (file) => ({
      reference: file.replace('.wav', '').replace('_', ' '),
      samples: await to16k(readFileSync(join(ALSA, file))),
    })),
  );
}

/** A Sphinx transcription file: `<s> words </s> (file id)` a line. */
export function sphinxTranscription(text: string): { id: string; words: string }[] {
  return text.split('\n').flatMap((line) => {
    const match = /^<s>\s*(.*?)\s*<\/s>\s*\((.+)\)$/.exec(line.trim());
    return match ? [{ id: match[2], words: match[1] }] : [];
  });
}

/** The LibriVox clips, `ID.wav` beside the transcription. */
export async function librivoxClips(): Promise<Recording[]> {
  const list = join(LIBRIVOX, 'transcription');
  if (!existsSync(list)) return [];
  const clips: Recording[] = [];
  for (const { id, words } of sphinxTranscription(readFileSync(list, 'utf8'))) {
    clips.push({
      reference: words,
      samples: await to16k(readFileSync(join(LIBRIVOX, `${id}.wav`))),
    });
  }
  return clips;
}

/** Asterisk's list of prompts: `name: What the prompt says.` a line; `;` lines are comments. */
export function promptTexts(list: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const line of list.split('\n')) {
    const match = /^([^;:\s][^:]*):\s*(.+)$/.exec(line.trim());
    if (match) texts.set(match[1], match[2]);
  }
  return texts;
}

/** Whether a prompt's text is kept (see the file's comment). */
export const isSpokenSentence = (text: string): boolean =>
  !/[[\]<>\d]/.test(text) && text.trim().split(/\s+/).length >= 2;

/** Allison Smith's prompts (every folder: `dictate/forhelp`), decoded from G.722 by g722_decode.py. */
export async function allisonPrompts(): Promise<Recording[]> {
  if (!existsSync(ALLISON) || !existsSync(ALLISON_TEXTS)) return [];
  const texts = promptTexts(gunzipSync(readFileSync(ALLISON_TEXTS)).toString('utf8'));
  const prompts: Recording[] = [];
  for (const file of readdirSync(ALLISON, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.g722'))
    .sort()) {
    const text = texts.get(file.slice(0, -'.g722'.length));
    if (text === undefined || !isSpokenSentence(text)) continue;
    const pcm = await pipeThrough(
      '/usr/bin/python3',
      ['bench/speech/g722_decode.py', join(ALLISON, file)],
      '',
    );
    prompts.push({
      reference: text,
      samples: new PcmS16leDecoder().push(pcm),
    });
  }
  return prompts;
}
