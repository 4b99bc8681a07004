#!/usr/bin/env bash
# Generates the audio test fixtures under test/fixtures/audio/ (and writes nowhere else).
#
#   speech/     five English medical sentences, festival's slt voice, 16 kHz mono s16 + manifest.json
#   pauses.wav  three of them, trimmed, 1.0 s of digital silence between, 0.5 s at both ends,
#               + pauses.json with each sentence's speech start and end in ms
#   silence.wav, noise.wav (seeded white noise, -30 dBFS RMS), music.wav (sine chords): 3 s each
#   formats/    one sentence in every sample format, channel count and rate the decoder takes,
#               odd chunk layouts and streaming sizes + manifest.json
#   malformed/  files the decoder must refuse, each with its reason + manifest.json
#
# Needs sox, festival with festvox-us-slt-hts (text2wave) and node. Idempotent: every run
# rewrites the same files with the same bytes (festival's HTS synthesis, sox in repeatable mode
# without dither, and a seeded generator for the noise are all deterministic). Intermediate audio
# goes through pipes only; nothing is written outside the fixture directory.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/test/fixtures/audio"

for tool in sox text2wave node; do
  if ! command -v "$tool" >/dev/null; then
    echo "generate-audio-fixtures: '$tool' is missing; install it with:" >&2
    echo "  sudo apt-get install sox festival festvox-us-slt-hts nodejs" >&2
    exit 1
  fi
done

mkdir -p "$out/speech" "$out/formats" "$out/malformed"

node --input-type=module - "$out" <<'NODE'
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2];
const RATE = 16000;

const SENTENCES = [
  ['01-fever-headache.wav', 'The patient has a fever and a headache.'],
  ['02-two-tablets.wav', 'Take two tablets every morning.'],
  ['03-allergies.wav', 'Do you have any allergies to medication?'],
  ['04-blood-pressure.wav', 'The blood pressure is normal today.'],
  ['05-breathe-slowly.wav', 'Please breathe in slowly and hold your breath.'],
];

function run(command, args, input) {
  const result = spawnSync(command, args, { input, maxBuffer: 1 << 28 });
  if (result.status !== 0 || result.error) {
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr?.toString() ?? result.error}`);
  }
  return result.stdout;
}

// sox: repeatable (-R), no dither (-D), errors only (-V1).
const sox = (args, input) => run('sox', ['-R', '-D', '-V1', ...args], input);

// --- WAV helpers (16-bit mono files and hand-made chunk layouts) ---

function chunk(id, body) {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length & 1)]);
}

function fmtBody({ tag = 1, channels = 1, rate = RATE, bits = 16, blockAlign } = {}) {
  const body = Buffer.alloc(16);
  const align = blockAlign ?? channels * Math.ceil(bits / 8);
  body.writeUInt16LE(tag, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(rate, 4);
  body.writeUInt32LE(rate * align, 8);
  body.writeUInt16LE(align, 12);
  body.writeUInt16LE(bits, 14);
  return body;
}

/** RIFF/WAVE with these chunks; riffSize overrides the computed size (streaming writers). */
function riff(chunks, riffSize) {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(riffSize ?? body.length, 4);
  return Buffer.concat([header, body]);
}

/** A chunk header with a declared size different from what follows. */
function rawChunkHeader(id, declared) {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(declared, 4);
  return header;
}

function pcm16(samples) {
  const bytes = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) => bytes.writeInt16LE(value, i * 2));
  return bytes;
}

const wav16 = (samples) => riff([chunk('fmt ', fmtBody()), chunk('data', pcm16(samples))]);

/** Samples of a 16-bit mono file (as sox writes them: plain chunks). */
function readWav16(path) {
  const bytes = readFileSync(path);
  let offset = 12;
  let fmt;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') fmt = { channels: bytes.readUInt16LE(offset + 10), bits: bytes.readUInt16LE(offset + 22) };
    if (id === 'data') {
      if (!fmt || fmt.channels !== 1 || fmt.bits !== 16) throw new Error(`${path}: not 16-bit mono`);
      const samples = new Int16Array(size / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(offset + 8 + 2 * i);
      return samples;
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error(`${path}: no data chunk`);
}

const ms = (samples) => Math.round((samples * 1000) / RATE);
const write = (path, bytes) => writeFileSync(join(out, path), bytes);
const writeJson = (path, value) => write(path, `${JSON.stringify(value, null, 2)}\n`);

// --- speech/: festival (raw 16-bit at a fixed 32 kHz, native little-endian) → sox → 16 kHz ---

/** First and last 10 ms window whose RMS reaches -50 dBFS: where festival's speech starts and ends. */
function speechBounds(samples) {
  const window = RATE / 100;
  const threshold = 32768 * 10 ** (-50 / 20);
  let first = -1;
  let last = -1;
  for (let w = 0; (w + 1) * window <= samples.length; w++) {
    let energy = 0;
    for (let i = w * window; i < (w + 1) * window; i++) energy += samples[i] * samples[i];
    if (Math.sqrt(energy / window) >= threshold) {
      if (first < 0) first = w;
      last = w;
    }
  }
  if (first < 0) throw new Error('no speech found');
  return { start: first * window, end: (last + 1) * window };
}

const speech = [];
for (const [file, text] of SENTENCES) {
  const raw = run(
    'text2wave',
    ['-otype', 'raw', '-F', '32000', '-eval', '(voice_cmu_us_slt_arctic_hts)', '-o', '-'],
    `${text}\n`,
  );
  // text2wave exits with 0 even when it fails (e.g. the voice is not installed).
  if (raw.length === 0) throw new Error(`text2wave produced no audio for "${text}"`);
  const path = join(out, 'speech', file);
  sox(['-t', 'raw', '-r', '32000', '-e', 'signed', '-b', '16', '-c', '1', '-L', '-',
    '-r', String(RATE), '-e', 'signed', '-b', '16', '-c', '1', path], raw);
  const samples = readWav16(path);
  speech.push({ file, text, samples, ...speechBounds(samples) });
}
writeJson('speech/manifest.json', {
  description:
    'Festival cmu_us_slt_arctic_hts, 16 kHz mono 16-bit. speech_start_ms/speech_end_ms: first ' +
    'and last 10 ms window at or above -50 dBFS RMS (festival leaves ~0.2 s of quiet at both ends).',
  sample_rate: RATE,
  files: speech.map((s) => ({
    file: s.file,
    text: s.text,
    duration_ms: ms(s.samples.length),
    speech_start_ms: ms(s.start),
    speech_end_ms: ms(s.end),
  })),
});

// --- pauses.wav: sentences 1, 3 and 5 trimmed to their speech, 1.0 s apart, 0.5 s at the ends ---

{
  const edge = RATE / 2;
  const gap = RATE;
  const parts = [new Int16Array(edge)];
  const sentences = [];
  let position = edge;
  [0, 2, 4].forEach((index, n) => {
    const s = speech[index];
    if (n > 0) {
      parts.push(new Int16Array(gap));
      position += gap;
    }
    const piece = s.samples.subarray(s.start, s.end);
    parts.push(piece);
    sentences.push({ file: s.file, text: s.text, start_ms: ms(position), end_ms: ms(position + piece.length) });
    position += piece.length;
  });
  parts.push(new Int16Array(edge));
  const all = new Int16Array(position + edge);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  write('pauses.wav', wav16(all));
  writeJson('pauses.json', {
    description:
      'Three sentences of speech/, each cut to its speech (first to last 10 ms window at or above ' +
      '-50 dBFS RMS), separated by 1.0 s of digital silence, with 0.5 s of digital silence at ' +
      'both ends. start_ms/end_ms are exact to the sample (rounded to ms).',
    sample_rate: RATE,
    duration_ms: ms(all.length),
    edge_silence_ms: 500,
    silence_between_ms: 1000,
    sentences,
  });
}

// --- silence, noise, music: 3 s each ---

{
  const length = 3 * RATE;
  write('silence.wav', wav16(new Int16Array(length)));

  // mulberry32, fixed seed: uniform white noise, RMS -30 dBFS (amplitude = RMS × √3).
  let state = 0x5eed1234;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const amplitude = 10 ** (-30 / 20) * Math.sqrt(3);
  const noise = new Int16Array(length);
  for (let i = 0; i < length; i++) noise[i] = Math.round((random() * 2 - 1) * amplitude * 32767);
  write('noise.wav', wav16(noise));

  // C, F and G major triads, one second each, 20 ms fades.
  const chords = [
    [261.63, 329.63, 392.0],
    [349.23, 440.0, 523.25],
    [392.0, 493.88, 587.33],
  ];
  const music = new Int16Array(length);
  const fade = RATE / 50;
  chords.forEach((tones, c) => {
    for (let i = 0; i < RATE; i++) {
      const t = i / RATE;
      const envelope = Math.min(1, i / fade, (RATE - 1 - i) / fade);
      const value = tones.reduce((sum, f) => sum + 0.15 * Math.sin(2 * Math.PI * f * t), 0);
      music[c * RATE + i] = Math.round(value * envelope * 32767);
    }
  });
  write('music.wav', wav16(music));
}

// --- formats/: sentence 2 (cut to its speech ± 50 ms, peak -6 dBFS) in every format ---

const source = (() => {
  const s = speech[1];
  const margin = RATE / 20;
  const piece = s.samples.slice(Math.max(0, s.start - margin), Math.min(s.samples.length, s.end + margin));
  const peak = piece.reduce((m, v) => Math.max(m, Math.abs(v)), 1);
  return piece.map((v) => Math.round((v * 16384) / peak));
})();
const sourceFile = 'source-16k-mono-s16.wav';
write(`formats/${sourceFile}`, wav16(source));
const sourceWav = readFileSync(join(out, 'formats', sourceFile));
const sourceData = pcm16(source);

// Channels get different gains whose average is 1, so a decoder that does not average fails.
const STEREO = ['remix', '1v0.5', '1v1.5'];
const SIX = ['remix', '1v0.5', '1v1.5', '1v1', '1v1', '1v0.75', '1v1.25'];
const MATRIX = [
  ['u8-mono-8000.wav', 'pcm_u8', 1, 8000, ['-e', 'unsigned', '-b', '8']],
  ['u8-stereo-22050.wav', 'pcm_u8', 2, 22050, ['-e', 'unsigned', '-b', '8'], STEREO],
  ['s16-mono-48000.wav', 'pcm_s16le', 1, 48000, ['-e', 'signed', '-b', '16']],
  ['s16-stereo-8000.wav', 'pcm_s16le', 2, 8000, ['-e', 'signed', '-b', '16'], STEREO],
  ['s16-6ch-8000.wav', 'extensible pcm_s16le', 6, 8000, ['-e', 'signed', '-b', '16'], SIX],
  ['s24-mono-8000.wav', 'pcm_s24le', 1, 8000, ['-t', 'wavpcm', '-e', 'signed', '-b', '24']],
  ['s24-stereo-8000.wav', 'extensible pcm_s24le', 2, 8000, ['-e', 'signed', '-b', '24'], STEREO],
  ['s32-mono-22050.wav', 'extensible pcm_s32le', 1, 22050, ['-e', 'signed', '-b', '32']],
  ['s32-stereo-8000.wav', 'extensible pcm_s32le', 2, 8000, ['-e', 'signed', '-b', '32'], STEREO],
  ['f32-mono-8000.wav', 'float32', 1, 8000, ['-e', 'floating-point', '-b', '32']],
  ['f32-stereo-8000.wav', 'float32', 2, 8000, ['-e', 'floating-point', '-b', '32'], STEREO],
  ['f64-mono-8000.wav', 'float64', 1, 8000, ['-e', 'floating-point', '-b', '64']],
  ['phone-44k1-stereo-s24.wav', 'extensible pcm_s24le', 2, 44100, ['-e', 'signed', '-b', '24'],
    ['remix', '1v0.9', '1v1.1']],
];
const formats = [
  { file: sourceFile, format: 'pcm_s16le', channels: 1, sample_rate: RATE, note: 'the reference' },
];
for (const [file, format, channels, rate, encoding, effects = []] of MATRIX) {
  sox([join(out, 'formats', sourceFile), ...encoding, '-c', String(channels), '-r', String(rate),
    join(out, 'formats', file), ...effects]);
  formats.push({ file, format, channels, sample_rate: rate, note: `sox ${[...encoding, ...effects].join(' ')}` });
}

// Chunk layouts and sizes that real writers produce: the first second of the source, 16-bit.
const fmt16 = chunk('fmt ', fmtBody());
const second = sourceData.subarray(0, 2 * RATE);
const frames = Buffer.alloc(4);
frames.writeUInt32LE(RATE);
const info = Buffer.concat([Buffer.from('INFO'), chunk('ISFT', Buffer.from('generate-audio-fixtures.sh\0'))]);
const layouts = [
  ['chunks-list-odd.wav', 'LIST and a 5-byte chunk (padded) before data, fact, a 7-byte chunk after',
    riff([fmt16, chunk('LIST', info), chunk('odd ', Buffer.from('12345')), chunk('fact', frames),
      chunk('data', second), chunk('id3 ', Buffer.from('ID3tag!'))])],
  ['chunks-data-first.wav', 'data before fmt, LIST last',
    riff([chunk('data', second), fmt16, chunk('LIST', info)])],
  ['streaming-size-ffffffff.wav', 'RIFF and data sizes 0xFFFFFFFF (ffmpeg to a pipe)',
    riff([fmt16, rawChunkHeader('data', 0xffffffff), second], 0xffffffff)],
  ['streaming-size-zero.wav', 'data size 0, RIFF size 36 (festival to a pipe)',
    riff([fmt16, rawChunkHeader('data', 0), second], 36)],
  ['truncated-data.wav', 'data declares 0x7FFFF000 bytes (sox to a pipe); ends with half a frame',
    riff([fmt16, rawChunkHeader('data', 0x7ffff000), second, Buffer.from([0x12])])],
];
for (const [file, note, bytes] of layouts) {
  write(`formats/${file}`, bytes);
  formats.push({ file, format: 'pcm_s16le', channels: 1, sample_rate: RATE, first_ms: 1000, note });
}
writeJson('formats/manifest.json', {
  description:
    `"${speech[1].text}" (speech/${speech[1].file} cut to its speech ± 50 ms, peak -6 dBFS) ` +
    `as ${sourceFile}, converted by sox (repeatable, no dither). Multi-channel files carry the ` +
    'signal with different gains per channel whose average is 1: the mono downmix equals the source.',
  source: sourceFile,
  text: speech[1].text,
  files: formats,
});

// --- malformed/: what the decoder must refuse, with the reason it gives ---

const short = wav16(source.subarray(0, RATE / 4));
const malformed = [
  ['empty.wav', 'empty', 'zero bytes', Buffer.alloc(0)],
  ['mp3-id3.wav', 'not_wav', 'an MP3 file: ID3 tag then an MPEG frame header',
    Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10),
      Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(64)])],
  ['plain-text.wav', 'not_wav', 'a text file', Buffer.from('This is a text file, not a recording.\n')],
  ['truncated-header.wav', 'truncated_header', 'the first 20 bytes of a WAV file', sourceWav.subarray(0, 20)],
  ['data-beyond-end.wav', 'truncated_data', 'data declares 32000 bytes; 1 byte (half a frame) follows',
    riff([fmt16, rawChunkHeader('data', 32000), Buffer.from([0x01])])],
  ['missing-fmt.wav', 'missing_fmt', 'a data chunk and no fmt chunk', riff([chunk('data', sourceData.subarray(0, 3200))])],
  ['missing-data.wav', 'missing_data', 'fmt and LIST chunks, no data chunk', riff([fmt16, chunk('LIST', info)])],
  ['zero-channels.wav', 'invalid_fmt', 'fmt declares 0 channels',
    riff([chunk('fmt ', fmtBody({ channels: 0, blockAlign: 2 })), chunk('data', sourceData.subarray(0, 3200))])],
  ['block-align-mismatch.wav', 'invalid_fmt', '16-bit mono with block align 4',
    riff([chunk('fmt ', fmtBody({ blockAlign: 4 })), chunk('data', sourceData.subarray(0, 3200))])],
  ['zero-sample-rate.wav', 'invalid_fmt', 'fmt declares 0 Hz',
    riff([chunk('fmt ', fmtBody({ rate: 0 })), chunk('data', sourceData.subarray(0, 3200))])],
  ['sample-rate-384000.wav', 'invalid_fmt', 'fmt declares 384000 Hz (over 192 kHz)',
    riff([chunk('fmt ', fmtBody({ rate: 384000 })), chunk('data', sourceData.subarray(0, 3200))])],
  ['chunk-too-large.wav', 'chunk_too_large', 'a LIST chunk declaring 1 MiB in a 60-byte file, before data',
    riff([fmt16, rawChunkHeader('LIST', 1 << 20), Buffer.from('INFOISFT')])],
  ['no-samples.wav', 'no_samples', 'a valid 44-byte header whose data chunk is 0 bytes, nothing after',
    riff([fmt16, rawChunkHeader('data', 0)])],
];
const soxMalformed = [
  ['alaw.wav', 'unsupported_encoding', 'A-law (sox -e a-law)', ['-e', 'a-law']],
  ['mulaw.wav', 'unsupported_encoding', 'µ-law (sox -e u-law)', ['-e', 'u-law']],
  ['ima-adpcm.wav', 'unsupported_encoding', 'IMA ADPCM (sox -e ima-adpcm)', ['-e', 'ima-adpcm']],
];
for (const [file, reason, description, encoding] of soxMalformed) {
  sox(['-t', 'wav', '-', ...encoding, join(out, 'malformed', file)], short);
  malformed.push([file, reason, description]);
}
for (const [file, , , bytes] of malformed) if (bytes) write(`malformed/${file}`, bytes);
writeJson('malformed/manifest.json', {
  description: 'Files decodeWav() must refuse, with the AudioDecodeError reason it gives.',
  files: malformed.map(([file, reason, description]) => ({ file, reason, description })),
});
NODE

echo "Audio fixtures written to ${out#"$root"/}:"
du -sh "$out" | cut -f1
