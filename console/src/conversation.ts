/**
 * One interpreted conversation, from the handshake to the archive: wires the session, the
 * microphone, the speech player, the conversation's state and its view to the controls of the
 * conversation screen. The page makes a new one for each conversation.
 */
import { archiveLink, type ArchiveLink } from './archive-download';
import { ConversationStore, type SentenceState } from './conversation-store';
import { ConversationView } from './conversation-view';
import { byId, el, spaced } from './dom';
import { FlagDialog } from './flag-dialog';
import { markFragment } from './fragment-card';
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import { hasPhrasebook } from './i18n/phrasebook';
import type { PageConversation } from './incomplete-archive';
import { LiveCaptions } from './live-captions';
import { Microphone } from './microphone';
import type { PcmFrame } from './pcm-format';
import {
  DEFAULT_SAMPLE_RATE,
  errorSentenceId,
  listenerOf,
  type Branch,
  type HandshakeMessage,
  type HandshakeSuccessMessage,
  type Role,
  type ServerMessage,
  type SessionSampleRate,
} from './protocol';
import { ReceivedRecord } from './received-record';
import { SessionClient, sessionUrl, type CloseInfo } from './session-client';
import { SpeechNotice } from './speech-notice';
import { SpeechPlayer } from './speech-player';
import type { StartChoice } from './start-view';
import { fillSpeeds } from './start-view';
import { StatusBar, type MicState, type Phase } from './status-bar';
import { TalkOver, cancelsEcho } from './talk-over';
import {
  FLAG_LABEL,
  ROLE_LABEL,
  isRecognitionWarning,
  languageName,
  noPhrasebookWording,
  recognitionWarning,
  sentenceName,
} from './wording';

export interface EndResult {
  archive?: ArchiveLink;
  sentences: number;
  flags: number;
  /** Why the conversation ended without the people asking, or why there is no archive. */
  problem?: string;
  /** The two parties' languages, for the words of the end screen. */
  parties: Parties;
}

/** Silence sent when the microphone is switched off, to end a sentence being spoken (> 640 ms). */
const TRAILING_SILENCE_MS = 800;
/** How long "the tablet stopped speaking" and "some words were not heard" stay shown. */
const SPEECH_NOTICE_MS = 8000;
/** How long an error stays in the status line. */
const ERROR_SHOWN_MS = 10_000;

/** The controls of the conversation screen (index.html). */
export const controls = {
  list: byId<HTMLOListElement>('conversation'),
  languages: byId('session-languages'),
  warnings: byId<HTMLUListElement>('warnings'),
  mic: byId<HTMLButtonElement>('mic-button'),
  typeForm: byId<HTMLFormElement>('type-form'),
  typeLabel: byId('type-label'),
  typeText: byId<HTMLTextAreaElement>('type-text'),
  typeRole: byId<HTMLSelectElement>('type-role'),
  typeSend: byId<HTMLButtonElement>('type-send'),
  autoplay: byId<HTMLInputElement>('autoplay'),
  medicHears: byId<HTMLSelectElement>('medic-hears'),
  patientHears: byId<HTMLSelectElement>('patient-hears'),
  speed: byId<HTMLSelectElement>('speed'),
  speedNote: byId('speed-note'),
  flagConversation: byId<HTMLButtonElement>('conversation-flag'),
  conversationFlags: byId<HTMLUListElement>('conversation-flags'),
  end: byId<HTMLButtonElement>('end-button'),
  notices: byId<HTMLOListElement>('notices'),
  noticeCount: byId('notice-count'),
};

export class Conversation {
  private readonly store = new ConversationStore();
  private readonly captions = new LiveCaptions(controls.list);
  private readonly status = new StatusBar();
  private readonly view: ConversationView;
  private readonly player: SpeechPlayer;
  private client?: SessionClient;
  private microphone?: Microphone;
  /** What the microphone sends while the tablet speaks (echo cancelled or not), barge-in. */
  private talkOver?: TalkOver;
  private readonly speechNotice: SpeechNotice;
  /** Sentences heard cut (talk-over.ts): shown as fragments, not played by themselves. */
  private readonly fragments = new Set<string>();
  private phase: Phase = 'connecting';
  private mic: MicState = 'starting';
  private playing = false;
  private error?: string;
  private errorTimer?: number;
  private sampleRate: SessionSampleRate = DEFAULT_SAMPLE_RATE;
  private archive?: ArchiveLink;
  private exitAcknowledged = false;
  /** The last session-wide notice of the service while live, and the one that ended it. */
  private lastSessionNotice?: string;
  private endReason?: string;
  private finished = false;
  private closeTimer?: number;
  /** The parties' languages: the handshake's, once it succeeded. */
  private partyLanguages: Parties;
  /** A medic's sentence was played to the patient, and nothing was said or typed since. */
  private patientTurn = false;
  /** The session as the handshake answered it, and what the page received beyond the cards. */
  private session?: { id: string; startedAt: string; parties: Parties };
  private readonly received = new ReceivedRecord();
  private lostAt?: string;

  constructor(
    private readonly choice: StartChoice,
    private readonly flagDialog: FlagDialog,
    private readonly onEnded: (result: EndResult) => void,
    /** The connection was lost before the service ended the session: the cards stay. */
    private readonly onLost: () => void = () => undefined,
  ) {
    this.partyLanguages = { medic: choice.medicLanguage, patient: choice.patientLanguage };
    this.speechNotice = new SpeechNotice(() => this.partyLanguages);
    this.view = new ConversationView(controls.list, {
      replay: (id, branch) => this.player.replay(id, branch),
      flag: (id) => void this.flagSentence(id),
      correct: (id, role) => this.correct(id, role),
      branchC: (id) => this.branchC(id),
    });
    this.player = new SpeechPlayer(
      {
        onClipState: (clip, state) => {
          this.view.speechState(clip.sentenceId, clip.branch, state);
          controls.list.dataset.speechReceived = String(this.player.received);
          controls.list.dataset.speechPlayed = String(this.player.played);
          if (state === 'blocked')
            this.showError('The browser blocked the sound: press ▶ on a sentence to play it.');
          if (state === 'played') {
            // The translation was heard to its end: the listener's turn to answer.
            const role = this.store.sentences.get(clip.sentenceId)?.role;
            this.patientTurn = listenerOf(role) === 'patient';
            this.updateStatus();
          }
        },
        onPlayingChange: (playing) => {
          this.playing = playing;
          // Without echo cancellation the microphone is not sent while the tablet speaks.
          if (playing && this.mic === 'on' && this.talkOver?.echoCancelled === false) {
            this.speechNotice.show('speech.waitForTablet');
          } else if (!playing) this.speechNotice.hide('speech.waitForTablet');
          this.updateStatus();
        },
      },
      (sentenceId) => this.preferredBranch(sentenceId),
    );
    this.player.setAutomatic(controls.autoplay.checked);
    this.resetControls();
  }

  /** Opens the microphone and the session; rejects (with a sentence to show) if it cannot start. */
  async start(): Promise<void> {
    this.updateStatus();
    let micProblem: string | undefined;
    try {
      this.microphone = await Microphone.open({ onFrame: (frame) => this.onFrame(frame) });
      this.sampleRate = this.microphone.sampleRate;
      this.talkOver = new TalkOver(cancelsEcho(this.microphone.settings));
      controls.list.dataset.echoCancellation = String(this.talkOver.echoCancelled);
    } catch (error) {
      micProblem = error instanceof Error ? error.message : String(error);
      this.mic = 'unavailable';
    }
    const handshake: HandshakeMessage = {
      type: 'handshake',
      language_medic: this.choice.medicLanguage,
      language_patient: this.choice.patientLanguage,
      speed: this.choice.speed,
      enable_dual_direction: this.choice.dualDirection,
      sample_rate: this.sampleRate,
      patient_gender: this.choice.patientGender,
      patient_age_category: this.choice.patientAge,
      medic_gender: this.choice.medicVoice,
    };
    this.client = new SessionClient(sessionUrl(document.baseURI, this.choice.apiKey), {
      onMessage: (message) => this.onMessage(message),
      onClose: (info) => this.onClose(info),
    });
    let success: HandshakeSuccessMessage;
    try {
      success = await this.client.connect(handshake, this.choice.authRequired);
    } catch (error) {
      await this.microphone?.close();
      throw error;
    }
    this.session = {
      id: success.session_id,
      startedAt: new Date().toISOString(),
      parties: { medic: success.medic_lang, patient: success.patient_lang },
    };
    this.phase = 'live';
    if (this.mic === 'starting') this.mic = 'on';
    this.showSession(success, micProblem);
  }

  /** Microphone on or off (the button, or Space). */
  toggleMicrophone(): void {
    if (this.phase !== 'live' || !this.microphone) return;
    this.mic = this.mic === 'on' ? 'off' : 'on';
    if (this.mic === 'off') {
      // What was being said becomes a sentence now rather than at the next words.
      this.client?.sendAudio(silence(this.sampleRate, TRAILING_SILENCE_MS));
      this.talkOver?.sent(TRAILING_SILENCE_MS);
      // Nobody is heard any more: the tablet need not wait.
      this.talkOver?.reset();
      this.player.hold(false);
    }
    this.updateMicButton();
    this.updateStatus();
  }

  sendText(): void {
    const text = controls.typeText.value.trim();
    if (this.phase !== 'live' || !text) return;
    const role = (controls.typeRole.value || undefined) as Role | undefined;
    if (this.client?.send({ type: 'text_input', text, role })) {
      this.store.typedPending++;
      this.patientTurn = false;
      controls.typeText.value = '';
      this.updateStatus();
    }
  }

  setSpeed(speed: number): void {
    if (this.phase !== 'live') return;
    this.client?.send({ type: 'set_speed', speed });
    controls.speedNote.textContent = 'Changing the speed…';
  }

  setAutomatic(on: boolean): void {
    this.player.setAutomatic(on);
  }

  /** The patient now hears the other branch: their ▶ button moves to it. */
  patientHearsChanged(): void {
    this.view.setPatientBranch(controls.patientHears.value === 'B' ? 'B' : 'A');
    this.rerenderAll();
  }

  async flagConversation(): Promise<void> {
    if (this.phase !== 'live') return;
    const flag = await this.flagDialog.ask(null);
    if (!flag || this.phase !== 'live') return;
    this.store.noteFlagSent(null, flag.flagType, flag.note);
    this.client?.send({ type: 'flag', flag_type: flag.flagType, note: flag.note });
  }

  /** Sends conversation_exit: the archive follows the sentences still in progress. */
  async end(): Promise<void> {
    if (this.phase !== 'live') return;
    this.phase = 'ending';
    this.updateStatus();
    this.setControlsEnabled(false);
    // No audio after the exit (the service would refuse it).
    await this.microphone?.close();
    this.microphone = undefined;
    this.mic = 'off';
    this.player.hold(false); // nobody is heard any more
    this.updateMicButton();
    this.client?.send({ type: 'conversation_exit', archive: true });
    this.rerenderAll();
    this.updateStatus();
  }

  get isLive(): boolean {
    return this.phase === 'live' || this.phase === 'ending' || this.phase === 'connecting';
  }

  /** Everything released: the session, the microphone, the speech (not the archive). */
  dispose(): void {
    window.clearTimeout(this.errorTimer);
    window.clearTimeout(this.closeTimer);
    this.finished = true;
    this.client?.close();
    void this.microphone?.close();
    this.microphone = undefined;
    this.player.dispose();
    this.speechNotice.hide();
    this.captions.clear();
    this.view.clear();
    this.flagDialog.close();
  }

  // ---- the session ----

  private onFrame(frame: PcmFrame): void {
    if (this.phase !== 'live' || this.mic !== 'on' || !this.talkOver) return;
    const durationMs = (frame.pcm.byteLength / 2 / this.sampleRate) * 1000;
    const outcome = this.talkOver.frame(frame.pcm, durationMs, this.playing);
    this.status.showLevel(outcome.send === frame.pcm ? frame.peak : 0);
    // Someone speaks over the tablet: it stops, so that nobody waits for the device.
    if (outcome.bargeIn && this.player.interrupt()) {
      this.speechNotice.show('speech.stopped', SPEECH_NOTICE_MS);
    }
    this.player.hold(outcome.holdPlayback);
    this.client?.sendAudio(outcome.send);
  }

  private onMessage(message: ServerMessage): void {
    this.received.note(message);
    const change = this.store.apply(message);
    switch (message.type) {
      case 'asr_partial':
        this.captions.show(
          message.sentence_id,
          message.text,
          this.store.sentences.get(message.sentence_id)?.text !== undefined,
        );
        break;
      case 'sentence_empty':
        this.captions.remove(message.sentence_id);
        break;
      case 'asr_result':
        this.captions.remove(message.sentence_id);
        // Someone spoke: it is no longer the patient's turn.
        this.patientTurn = false;
        // A sentence cut by the silence sent while the tablet spoke is a fragment: never played
        // by itself, nor shown as a sentence; both parties are asked to say it again.
        if (
          message.source === 'audio' &&
          this.talkOver?.isFragment(message.start_ms, message.end_ms)
        ) {
          this.fragments.add(message.sentence_id);
          this.player.drop(message.sentence_id);
          this.speechNotice.show('speech.lost', SPEECH_NOTICE_MS);
        }
        // A sentence the recognizer doubts is not played by itself: the speaker is asked to
        // repeat first; its speech stays on the card's buttons.
        else if (message.low_confidence) this.player.drop(message.sentence_id, 1);
        else this.player.expect(message.sentence_id, 1);
        break;
      case 'tts_audio':
        if (message.revision >= (this.store.sentences.get(message.sentence_id)?.revision ?? 1)) {
          this.player.add(message);
        }
        break;
      case 'correction_ack': {
        const sentence = this.store.sentences.get(message.sentence_id);
        if (sentence?.correcting && message.role !== message.previous_role) {
          this.player.drop(sentence.id, sentence.revision - 1);
          if (!this.fragments.has(sentence.id)) this.player.expect(sentence.id, sentence.revision);
        }
        break;
      }
      case 'speed_updated':
        controls.speedNote.textContent = `Speed ${message.speed}×, from the next sentence.`;
        controls.speed.value = String(message.speed);
        break;
      case 'flag_ack':
        this.renderConversationFlags();
        break;
      case 'exit_acknowledged':
        this.exitAcknowledged = true;
        if (this.phase === 'live') {
          // The service ended the session itself (idle, maximum duration, shutdown), and said why.
          this.endReason = this.lastSessionNotice;
          this.phase = 'ending';
          void this.microphone?.close();
          this.microphone = undefined;
          this.mic = 'off';
          this.player.hold(false);
          this.updateMicButton();
        }
        this.setControlsEnabled(false);
        this.rerenderAll();
        break;
      case 'conversation_archive':
        this.archive = archiveLink(message);
        // The service closes right after the archive; if it does not, the page does.
        this.closeTimer = window.setTimeout(() => this.client?.close(), 5000);
        break;
      case 'error': {
        const sentenceId = errorSentenceId(message);
        if (sentenceId && message.service === 'ASR') this.captions.remove(sentenceId);
        this.notice(message.service, message.message, sentenceId);
        break;
      }
    }
    if (change.sentenceId) {
      const sentence = this.store.sentences.get(change.sentenceId);
      if (sentence) {
        this.syncPlayer(sentence);
        this.renderSentence(sentence);
      }
    }
    this.updateStatus();
  }

  private onClose(info: CloseInfo): void {
    if (this.finished) return;
    this.finished = true;
    window.clearTimeout(this.closeTimer);
    void this.microphone?.close();
    this.microphone = undefined;
    if (!this.exitAcknowledged) {
      this.connectionLost(info);
      return;
    }
    this.phase = 'ended';
    this.setControlsEnabled(false);
    this.updateStatus();
    let problem = this.endReason;
    if (!this.archive) {
      problem ??= 'The service delivered no archive for this conversation.';
    }
    this.onEnded({
      archive: this.archive,
      sentences: this.store.sentences.size,
      flags:
        this.store.conversationFlags.length +
        [...this.store.sentences.values()].reduce((n, s) => n + s.flags.length, 0),
      problem,
      parties: this.partyLanguages,
    });
  }

  /**
   * The connection went without the service ending the session (it stopped, or the network):
   * the page keeps every card as it is, only what needs the session is disabled.
   */
  private connectionLost(info: CloseInfo): void {
    void info; // the close code means nothing at the bedside
    this.lostAt = new Date().toISOString();
    this.phase = 'failed';
    this.mic = 'off';
    this.updateMicButton();
    this.setControlsEnabled(false);
    this.rerenderAll();
    window.clearTimeout(this.errorTimer);
    this.error = 'The connection to the service was lost.';
    this.updateStatus();
    this.onLost();
  }

  /** Both parties' languages, once the session started. */
  get parties(): Parties | undefined {
    return this.session?.parties;
  }

  /** What the page holds of the conversation, for the archive built in the browser. */
  pageConversation(): PageConversation {
    return {
      sessionId: this.session?.id ?? '',
      startedAt: this.session?.startedAt ?? '',
      endedAt: this.lostAt ?? new Date().toISOString(),
      medicLocale: this.session?.parties.medic ?? this.choice.medicLanguage,
      patientLocale: this.session?.parties.patient ?? this.choice.patientLanguage,
      patientGender: this.choice.patientGender,
      patientAgeCategory: this.choice.patientAge,
      enableDualDirection: this.choice.dualDirection,
      sampleRate: this.sampleRate,
      sentences: this.store.ordered(),
      conversationFlags: this.store.conversationFlags,
      firstSeen: this.received.firstSeen,
      speech: this.received.speech,
      reason: 'connection_lost',
    };
  }

  /** Tells the player what will not come (failures) so that it does not wait for it. */
  private syncPlayer(s: SentenceState): void {
    if (s.empty || s.failed.recognition) this.player.drop(s.id);
    else if (s.failed.translation) this.player.drop(s.id, s.revision);
    else {
      if (s.failed.A) this.player.fail(s.id, s.revision, 'A');
      if (s.failed.B) this.player.fail(s.id, s.revision, 'B');
    }
  }

  private preferredBranch(sentenceId: string): Branch {
    const listener = listenerOf(this.store.sentences.get(sentenceId)?.role);
    const select = listener === 'medic' ? controls.medicHears : controls.patientHears;
    return select.value === 'B' ? 'B' : 'A';
  }

  // ---- sentence actions ----

  private async flagSentence(sentenceId: string): Promise<void> {
    if (this.phase !== 'live') return;
    const sentence = this.store.sentences.get(sentenceId);
    const flag = await this.flagDialog.ask(sentenceId, sentence?.text, sentence?.language);
    if (!flag || this.phase !== 'live') return;
    this.store.noteFlagSent(sentenceId, flag.flagType, flag.note);
    this.client?.send({
      type: 'flag',
      flag_type: flag.flagType,
      sentence_id: sentenceId,
      note: flag.note,
    });
  }

  private correct(sentenceId: string, role: Role): void {
    if (this.phase !== 'live') return;
    this.store.noteCorrectionSent(sentenceId, role);
    this.client?.send({ type: 'correct_speaker', sentence_id: sentenceId, role });
    this.renderSentence(this.store.sentences.get(sentenceId)!);
  }

  private branchC(sentenceId: string): void {
    if (this.phase !== 'live') return;
    this.store.noteBranchCSent(sentenceId);
    this.client?.send({ type: 'trigger_branch_c', sentence_id: sentenceId });
    this.renderSentence(this.store.sentences.get(sentenceId)!);
  }

  // ---- the page ----

  private renderSentence(sentence: SentenceState): void {
    this.view.render(
      sentence,
      (branch) => this.player.has(sentence.id, branch),
      this.phase !== 'live',
    );
    if (this.fragments.has(sentence.id))
      markFragment(controls.list, sentence.id, this.partyLanguages);
  }

  private rerenderAll(): void {
    for (const sentence of this.store.ordered()) this.renderSentence(sentence);
  }

  private showSession(success: HandshakeSuccessMessage, micProblem?: string): void {
    this.partyLanguages = { medic: success.medic_lang, patient: success.patient_lang };
    this.showPartyWords();
    const medic = `${ROLE_LABEL.medic}: ${languageName(success.medic_lang)}`;
    const patient = `${ROLE_LABEL.patient}: ${languageName(success.patient_lang)}`;
    controls.languages.textContent = `${medic} · ${patient}`;
    controls.languages.title = `${success.medic_lang} · ${success.patient_lang}`;
    // The recognizer's warning in the console's own words (its wire text names protocol
    // messages and settings); any other warning as the service words it.
    const recognition = recognitionWarning(
      this.choice.recognitionLocales,
      success.medic_lang,
      success.patient_lang,
    );
    const warnings = [
      ...(recognition ? [recognition] : []),
      ...(success.warnings ?? []).filter((text) => !isRecognitionWarning(text)),
    ];
    if (micProblem) warnings.unshift(`${micProblem} You can type instead.`);
    // A language the page has no words for: the clinician knows why the patient reads English.
    const untranslated = (['patient', 'medic'] as const)
      .filter((party) => !hasPhrasebook(this.partyLanguages[party]))
      .map((party) => noPhrasebookWording(party, this.partyLanguages[party]));
    controls.warnings.replaceChildren(
      ...warnings.map((text) => el('li', {}, text)),
      ...untranslated.map((text) => el('li', { 'data-warning': 'no-phrasebook' }, text)),
    );
    controls.warnings.hidden = warnings.length + untranslated.length === 0;
    controls.speed.value = String(success.speed);
    this.setControlsEnabled(true);
    this.updateMicButton();
    this.updateStatus();
  }

  /**
   * The patient's controls in both parties' languages: the type box's label and its Send button
   * (the "Who" menu stays the clinician's, in English), the ▶ of the patient's sentences.
   */
  private showPartyWords(): void {
    controls.typeLabel.replaceChildren(
      ...spaced([...bothPartiesElements(this.partyLanguages, 'type.label'), el('kbd', {}, '/')]),
    );
    controls.typeSend.replaceChildren(
      ...spaced(bothPartiesElements(this.partyLanguages, 'type.send')),
    );
    this.view.setParties(this.partyLanguages);
    this.view.setPatientBranch(controls.patientHears.value === 'B' ? 'B' : 'A');
  }

  private resetControls(): void {
    controls.list.replaceChildren();
    delete controls.list.dataset.speechReceived;
    delete controls.list.dataset.speechPlayed;
    delete controls.list.dataset.echoCancellation;
    controls.languages.textContent = '';
    controls.warnings.replaceChildren();
    controls.warnings.hidden = true;
    controls.notices.replaceChildren();
    controls.noticeCount.textContent = '';
    controls.conversationFlags.replaceChildren();
    controls.typeText.value = '';
    controls.speedNote.textContent = '';
    fillSpeeds(controls.speed, this.choice.speed);
    this.showPartyWords();
    this.setControlsEnabled(false);
    this.updateMicButton();
  }

  private setControlsEnabled(enabled: boolean): void {
    for (const control of [
      controls.typeText,
      controls.typeRole,
      controls.typeSend,
      controls.speed,
      controls.flagConversation,
      controls.end,
    ]) {
      control.disabled = !enabled;
    }
    controls.mic.disabled = !enabled || !this.microphone;
  }

  private updateMicButton(): void {
    const on = this.mic === 'on';
    controls.mic.setAttribute('aria-pressed', String(on));
    controls.mic.dataset.state = this.mic;
    controls.mic.replaceChildren(
      el('span', { class: 'mic-icon', 'aria-hidden': 'true' }, on ? '●' : '○'),
      this.mic === 'unavailable' ? ' No microphone' : on ? ' Microphone on' : ' Microphone off',
      el('kbd', {}, 'Space'),
    );
    controls.mic.disabled = this.phase !== 'live' || !this.microphone;
  }

  private renderConversationFlags(): void {
    controls.conversationFlags.replaceChildren(
      ...this.store.conversationFlags.map((flag) =>
        el(
          'li',
          { 'data-flag-id': flag.flagId },
          `⚑ ${FLAG_LABEL[flag.flagType]}`,
          flag.note ? ` — ${flag.note}` : '',
        ),
      ),
    );
  }

  private notice(service: string, message: string, sentenceId?: string): void {
    const where = sentenceId ? ` (${sentenceName(sentenceId)})` : '';
    controls.notices.append(
      el('li', { 'data-service': service }, `${service}${where}: ${message}`),
    );
    controls.noticeCount.textContent = `(${controls.notices.children.length})`;
    // Why the service ends a session comes before its exit_acknowledged; later errors (audio
    // that crossed the exit on the way) are not the reason.
    if (service === 'Session' && !sentenceId && this.phase === 'live') {
      this.lastSessionNotice = message;
    }
    this.showError(`${service}${where}: ${message}`);
  }

  private showError(text: string): void {
    this.error = text;
    window.clearTimeout(this.errorTimer);
    this.errorTimer = window.setTimeout(() => {
      this.error = undefined;
      this.updateStatus();
    }, ERROR_SHOWN_MS);
    this.updateStatus();
  }

  private updateStatus(): void {
    this.status.update({
      phase: this.phase,
      mic: this.mic,
      pending: this.store.pendingCount(),
      playing: this.playing,
      error: this.error,
      parties: this.partyLanguages,
      patientTurn: this.patientTurn,
    });
  }
}

/** PCM s16le silence of that duration. */
function silence(sampleRate: number, ms: number): ArrayBuffer {
  return new ArrayBuffer(Math.round((sampleRate * ms) / 1000) * 2);
}
