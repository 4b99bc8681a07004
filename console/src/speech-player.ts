/**
 * Plays the translated speech: the WAV clips of `tts_audio` (Base64), by themselves in the order
 * of the playback queue (branch A, or B when the listener chose the reformulation), and again on
 * demand (replay). One <audio> element, so that one clip plays at a time.
 */
import { base64ToBlob } from './base64';
import { PlaybackQueue } from './playback-queue';
import type { Branch, TtsAudioMessage } from './protocol';

/**
 * `stopped`: cut short by a replay; `interrupted`: cut short because someone started to speak
 * (barge-in); `blocked`: the browser wants a gesture before sound.
 */
export type SpeechState = 'playing' | 'played' | 'stopped' | 'interrupted' | 'failed' | 'blocked';

export interface Clip {
  sentenceId: string;
  branch: Branch;
  revision: number;
  language: string;
  url: string;
}

export interface SpeechPlayerEvents {
  /** A clip started, ended, was stopped, failed, or was refused until a gesture. */
  onClipState(clip: Clip, state: SpeechState): void;
  /** Something is playing, or nothing is (the microphone is held while the tablet speaks). */
  onPlayingChange(playing: boolean): void;
}

export class SpeechPlayer {
  private readonly audio = new Audio();
  private readonly queue: PlaybackQueue<Clip>;
  /** The newest clip of each sentence and branch, for replay. */
  private readonly clips = new Map<string, Clip>();
  private readonly urls: string[] = [];
  private current?: { clip: Clip; automatic: boolean };
  private timer?: number;
  private blocked = false;
  private autoPlay = true;
  /** Automatic playback waits (someone is speaking). */
  private held = false;
  /** Clips received, and played to their end: shown on the page (data-speech-*). */
  received = 0;
  played = 0;

  constructor(
    private readonly events: SpeechPlayerEvents,
    preferred: (sentenceId: string) => Branch,
  ) {
    this.queue = new PlaybackQueue<Clip>(preferred);
    this.audio.preload = 'auto';
    this.audio.addEventListener('ended', () => this.finish('played'));
    this.audio.addEventListener('error', () => this.finish('failed'));
  }

  get automatic(): boolean {
    return this.autoPlay;
  }

  setAutomatic(on: boolean): void {
    this.autoPlay = on;
    if (!on) this.queue.clear();
  }

  /** A sentence revision will have speech to play by itself. */
  expect(sentenceId: string, revision: number): void {
    if (this.autoPlay) this.queue.expect(sentenceId, revision);
  }

  fail(sentenceId: string, revision: number, branch: Branch): void {
    this.queue.fail(sentenceId, revision, branch);
    this.pump();
  }

  drop(sentenceId: string, upToRevision?: number): void {
    this.queue.drop(sentenceId, upToRevision);
    this.pump();
  }

  /** A `tts_audio` message: kept for replay, and queued to play by itself. */
  add(message: TtsAudioMessage): Clip {
    const url = URL.createObjectURL(base64ToBlob(message.audio_base64, 'audio/wav'));
    this.urls.push(url);
    const clip: Clip = {
      sentenceId: message.sentence_id,
      branch: message.branch,
      revision: message.revision,
      language: message.language,
      url,
    };
    const key = `${clip.sentenceId}:${clip.branch}`;
    const known = this.clips.get(key);
    if (!known || known.revision <= clip.revision) this.clips.set(key, clip);
    this.received++;
    if (this.autoPlay) this.queue.offer(clip.sentenceId, clip.revision, clip.branch, clip);
    this.pump();
    return clip;
  }

  has(sentenceId: string, branch: Branch): boolean {
    return this.clips.has(`${sentenceId}:${branch}`);
  }

  /** Plays a sentence's newest clip of a branch now, interrupting what plays. */
  replay(sentenceId: string, branch: Branch): void {
    const clip = this.clips.get(`${sentenceId}:${branch}`);
    if (!clip) return;
    // A click is a gesture: sound refused before may play now.
    this.blocked = false;
    this.stopCurrent();
    void this.start(clip, false);
  }

  /** Automatic playback waits while `on` (someone speaks), and goes on when it is off. */
  hold(on: boolean): void {
    if (on === this.held) return;
    this.held = on;
    if (!on) this.pump();
  }

  /** Someone started to speak: what plays stops now, marked interrupted; ▶ plays it again. */
  interrupt(): boolean {
    if (!this.current) return false;
    this.stopCurrent('interrupted');
    return true;
  }

  /** Stops everything and releases the clips (end of the conversation's page). */
  dispose(): void {
    window.clearTimeout(this.timer);
    this.queue.clear();
    this.stopCurrent();
    this.audio.removeAttribute('src');
    this.audio.load();
    for (const url of this.urls) URL.revokeObjectURL(url);
    this.urls.length = 0;
    this.clips.clear();
  }

  private pump(): void {
    window.clearTimeout(this.timer);
    if (this.current || this.blocked || this.held || !this.autoPlay) return;
    const step = this.queue.next(performance.now());
    if (step.kind === 'play') void this.start(step.item.clip, true);
    else if (step.kind === 'wait') {
      this.timer = window.setTimeout(() => this.pump(), step.at - performance.now() + 5);
    }
  }

  private async start(clip: Clip, automatic: boolean): Promise<void> {
    this.current = { clip, automatic };
    this.events.onPlayingChange(true);
    this.events.onClipState(clip, 'playing');
    this.audio.src = clip.url;
    try {
      await this.audio.play();
    } catch (error) {
      if (this.current?.clip !== clip) return;
      const refused = error instanceof DOMException && error.name === 'NotAllowedError';
      if (refused) this.blocked = true;
      this.finish(refused ? 'blocked' : 'failed');
    }
  }

  private finish(state: SpeechState): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    if (state === 'played') this.played++;
    this.events.onClipState(current.clip, state);
    this.events.onPlayingChange(false);
    this.pump();
  }

  private stopCurrent(state: 'stopped' | 'interrupted' = 'stopped'): void {
    if (!this.current) return;
    const { clip } = this.current;
    this.current = undefined;
    this.audio.pause();
    this.events.onClipState(clip, state);
    this.events.onPlayingChange(false);
  }
}
