/**
 * The status line at the top of the conversation: connecting, listening (or microphone off),
 * processing N sentences, playing, ending, errors. Its `data-state` names the main state.
 */
import { byId } from './dom';

export type Phase = 'connecting' | 'live' | 'ending' | 'ended' | 'failed';
export type MicState = 'starting' | 'on' | 'off' | 'unavailable';

export interface StatusInput {
  phase: Phase;
  mic: MicState;
  pending: number;
  playing: boolean;
  /** The last error worth showing here (cleared by the next change of phase). */
  error?: string;
}

export class StatusBar {
  private readonly element = byId('status');
  private readonly level = byId('level');
  private readonly levelBar = this.level.firstElementChild as HTMLElement;
  private last = '';

  update(input: StatusInput): void {
    const { text, state } = describe(input);
    if (text === this.last && this.element.dataset.state === state) return;
    this.last = text;
    this.element.textContent = text;
    this.element.dataset.state = state;
    this.element.dataset.pending = String(input.pending);
    this.level.hidden = !(input.phase === 'live' && input.mic === 'on');
  }

  /** The microphone's loudness (0–1), a bar for the eye only. */
  showLevel(peak: number): void {
    const scaled = Math.min(1, Math.sqrt(peak) * 1.2);
    this.levelBar.style.transform = `scaleX(${scaled.toFixed(3)})`;
  }
}

function describe({ phase, mic, pending, playing, error }: StatusInput): {
  text: string;
  state: string;
} {
  const sentences = `${pending} sentence${pending === 1 ? '' : 's'}`;
  switch (phase) {
    case 'connecting':
      return { text: 'Connecting to the interpreter…', state: 'connecting' };
    case 'ending':
      return {
        text:
          pending > 0
            ? `Ending: finishing ${sentences}, then the archive…`
            : 'Ending: preparing the archive…',
        state: 'ending',
      };
    case 'ended':
      return { text: 'The conversation has ended.', state: 'ended' };
    case 'failed':
      return { text: `⚠ ${error ?? 'The conversation stopped.'}`, state: 'error' };
  }
  const parts: string[] = [];
  let state: string;
  if (playing) {
    parts.push('▶ Playing the translation');
    state = 'playing';
  } else if (mic === 'on') {
    parts.push('● Listening');
    state = 'listening';
  } else if (mic === 'starting') {
    parts.push('Starting the microphone…');
    state = 'connecting';
  } else if (mic === 'off') {
    parts.push('Microphone off: press Space or the button to listen');
    state = 'muted';
  } else {
    parts.push('No microphone: type instead');
    state = 'muted';
  }
  if (pending > 0) {
    parts.push(`processing ${sentences}…`);
    if (state !== 'playing') state = 'processing';
  }
  if (error) {
    parts.push(`⚠ ${error}`);
    state = 'error';
  }
  return { text: parts.join(' · '), state };
}
