/**
 * The status line at the top of the conversation: connecting, listening (or microphone off),
 * processing N sentences, playing, ending, errors. Its `data-state` names the main state.
 *
 * It has two parts. What both parties read (speak now, please wait, listen, the microphone is
 * off, the patient's turn) comes first, one line per party language, the patient's first, each
 * marked with its `lang` and `dir` (i18n/both-parties.ts). The clinician's details (sentences in
 * progress, the key to press, the errors of the services) follow in English.
 */
import { byId, el, spaced } from './dom';
import type { Parties } from './i18n/both-parties';
import { forBothParties } from './i18n/both-parties';
import { phrase, type Phrase, type PhraseKey } from './i18n/phrasebook';
import { isHeard } from './wording';

export type Phase = 'connecting' | 'live' | 'ending' | 'ended' | 'failed';
export type MicState = 'starting' | 'on' | 'off' | 'unavailable';

export interface StatusInput {
  phase: Phase;
  mic: MicState;
  pending: number;
  playing: boolean;
  /** The last error worth showing here (cleared by the next change of phase). */
  error?: string;
  /** The two parties' languages, once the session has them (English for both until then). */
  parties?: Parties;
  /** The patient's turn: a medic's sentence was played to the patient, nothing said since. */
  patientTurn?: boolean;
  /** Whose speech the recognizer understands: a party it cannot hear is never told to speak. */
  heard?: Heard;
}

export interface Heard {
  medic: boolean;
  patient: boolean;
}

/** Whose speech the recognizer understands, of the recognition locales it lists (isHeard). */
export const heardParties = (locales: readonly string[], parties: Parties): Heard => ({
  medic: isHeard(locales, parties.medic),
  patient: isHeard(locales, parties.patient),
});

/** A line for the parties: a phrase, and whose it is when it is for one party only. */
interface PartyLine extends Phrase {
  for?: 'patient';
}

interface Described {
  state: string;
  /** For the parties, each in their language. */
  lines: PartyLine[];
  /** For the clinician, in English (empty for none). */
  detail: string;
}

const ENGLISH_ONLY: Parties = { medic: 'en', patient: 'en' };

export class StatusBar {
  private readonly element = byId('status');
  private readonly level = byId('level');
  private readonly levelBar = this.level.firstElementChild as HTMLElement;
  private last = '';

  update(input: StatusInput): void {
    const { lines, detail, state } = describe(input);
    const key = JSON.stringify([lines, detail]);
    if (key === this.last && this.element.dataset.state === state) return;
    this.last = key;
    this.element.replaceChildren(
      ...spaced([
        ...lines.map((line) =>
          el(
            'span',
            {
              class: line.for ? 'status__line status__turn' : 'status__line',
              lang: line.lang,
              dir: line.dir,
              'data-for': line.for,
              'data-fallback': line.fallback ? 'true' : undefined,
            },
            line.text,
          ),
        ),
        ...(detail
          ? [el('span', { class: 'status__detail', lang: 'en', dir: 'ltr' }, detail)]
          : []),
      ]),
    );
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

/** The lines without repeating one text (both parties reading one language). */
function uniqueLines(lines: PartyLine[]): PartyLine[] {
  return lines.filter((line, i) => lines.findIndex((other) => other.text === line.text) === i);
}

function describe(input: StatusInput): Described {
  const { phase, mic, pending, playing, error, patientTurn } = input;
  const parties = input.parties ?? ENGLISH_ONLY;
  const heard = input.heard ?? { medic: true, patient: true };
  const both = (key: PhraseKey): PartyLine[] => forBothParties(parties, key);
  // "Speak now" to each party the recognizer can hear; the patient it cannot is asked to type,
  // and a medic it cannot is told nothing (the clinician's warning says it) (issue 30, item 2).
  const speakNow = (): PartyLine[] =>
    uniqueLines([
      phrase(parties.patient, heard.patient ? 'status.speakNow' : 'status.typeInstead'),
      ...(heard.medic ? [phrase(parties.medic, 'status.speakNow')] : []),
    ]);
  const sentences = `${pending} sentence${pending === 1 ? '' : 's'}`;
  switch (phase) {
    case 'connecting':
      return { lines: both('status.connecting'), detail: '', state: 'connecting' };
    case 'ending':
      return {
        lines: [],
        detail:
          pending > 0
            ? `Ending: finishing ${sentences}, then the archive…`
            : 'Ending: preparing the archive…',
        state: 'ending',
      };
    case 'ended':
      return { lines: both('end.title'), detail: '', state: 'ended' };
    case 'failed':
      return { lines: [], detail: `⚠ ${error ?? 'The conversation stopped.'}`, state: 'error' };
  }
  // Live: what the parties are to do now, then the clinician's details.
  const turn: PartyLine[] = patientTurn
    ? [
        { ...phrase(parties.patient, 'status.yourTurn'), for: 'patient' },
        ...(heard.patient
          ? []
          : [{ ...phrase(parties.patient, 'status.typeInstead'), for: 'patient' as const }]),
      ]
    : [];
  const details: string[] = [];
  let lines: PartyLine[];
  let state: string;
  if (playing) {
    lines = both('status.playing');
    details.push('▶ Playing the translation');
    state = 'playing';
  } else if (pending > 0) {
    lines = both('status.translating');
    details.push(mic === 'on' ? '● Listening' : mic === 'off' ? 'Microphone off' : '');
    state = 'processing';
  } else if (mic === 'on') {
    // The patient's turn says to the patient what "speak now" would.
    lines = patientTurn ? turn : speakNow();
    details.push(patientTurn ? "● Listening: the patient's turn" : '● Listening');
    state = 'listening';
  } else if (mic === 'starting') {
    lines = both('status.connecting');
    details.push('Starting the microphone…');
    state = 'connecting';
  } else if (mic === 'off') {
    lines = [...turn, ...both('status.micOff')];
    details.push('Microphone off: press the microphone button (or Space) to listen');
    state = 'muted';
  } else {
    lines = [...turn, ...both('status.typeInstead')];
    details.push('No microphone: type instead');
    state = 'muted';
  }
  if (pending > 0) details.push(`processing ${sentences}…`);
  if (error) {
    details.push(`⚠ ${error}`);
    state = 'error';
  }
  return { lines, detail: details.filter(Boolean).join(' · '), state };
}
