/**
 * One interpreted conversation, from the handshake to the archive: wires the session, the
 * microphone, the speech player, the conversation's state and its view to the controls of the
 * conversation screen. The page makes a new one for each conversation. Each job is in its own
 * file: the controls (conversation-controls.ts), the session's words (session-words.ts), the
 * microphone and talk-over (microphone-line.ts), what the player is told of each sentence
 * (sentence-speech.ts), the cards' actions (sentence-actions.ts), and what a conversation leaves
 * behind (conversation-outcome.ts).
 */
import {
  addNotice,
  clearControls,
  controls,
  setControlsEnabled,
  showMicButton,
  showConfirmed,
  patientHears,
} from './conversation-controls';
import type { Interruption } from './connection-lost';
import { PageRecord, SessionEnding, type EndResult } from './conversation-outcome';
import { type PartArchive, partArchiveOf } from './part-archive';
import { ConversationStatus } from './conversation-status';
import { ConversationStore, type SentenceState } from './conversation-store';
import { ConversationView } from './conversation-view';
import type { FlagDialog } from './flag-dialog';
import type { Parties } from './i18n/both-parties';
import type { PageConversation } from './incomplete-archive';
import { LiveCaptions } from './live-captions';
import { MicrophoneLine, SPEECH_NOTICE_MS } from './microphone-line';
import {
  errorSentenceId,
  listenerOf,
  type HandshakeSuccessMessage,
  type ServerMessage,
} from './protocol';
import { SentenceActionsSender } from './sentence-actions';
import { SentenceSpeech } from './sentence-speech';
import { handshakeFor } from './session-handshake';
import { SessionClient, sessionUrl } from './session-client';
import { showPartyControls, showPatientAnswers, showSessionWords } from './session-words';
import { SpeechNotice } from './speech-notice';
import type { SpeechPlayer } from './speech-player';
import type { StartChoice } from './start-view';
import { heardParties, type Heard, type Phase } from './status-bar';
import { sayOnPage, setClinicianLanguage } from './i18n/clinician';

export { controls } from './conversation-controls';
export type { EndResult } from './conversation-outcome';

export class Conversation {
  private readonly store = new ConversationStore();
  private readonly captions = new LiveCaptions(controls.list);
  private readonly status = new ConversationStatus(() => ({
    phase: this.phase,
    mic: this.line.state,
    pending: this.store.pendingCount(),
    playing: this.playing,
    parties: this.partyLanguages,
    patientTurn: this.patientTurn,
    heard: this.heard,
  }));
  private readonly ending = new SessionEnding();
  private readonly view: ConversationView;
  private readonly player: SpeechPlayer;
  private readonly speech: SentenceSpeech;
  private readonly actions: SentenceActionsSender;
  private readonly line: MicrophoneLine;
  private client?: SessionClient;
  private readonly speechNotice: SpeechNotice;
  private phase: Phase = 'connecting';
  private playing = false;
  /** The parties' languages: the handshake's, once it succeeded. */
  private partyLanguages: Parties;
  /** A medic's sentence was played to the patient, and nothing was said or typed since. */
  private patientTurn = false;
  /** Whose speech the recognizer understands (the start screen's recognition locales). */
  private get heard(): Heard {
    return heardParties(this.choice.recognitionLocales, this.partyLanguages);
  }
  /** The session as the handshake answered it, and what the page received beyond the cards. */
  private readonly record = new PageRecord();

  constructor(
    private readonly choice: StartChoice,
    private readonly flagDialog: FlagDialog,
    private readonly onEnded: (result: EndResult) => void,
    /**
     * The session is gone before the people ended it (the connection was lost, or the service
     * stopped): the cards stay, and the conversation may go on in a new session.
     */
    private readonly onInterrupted: (cause: Interruption) => void = () => undefined,
  ) {
    this.partyLanguages = { medic: choice.medicLanguage, patient: choice.patientLanguage };
    setClinicianLanguage(choice.clinicianLanguage ?? 'en');
    if (choice.patientVoice === false) this.store.voiceless.add(choice.patientLanguage);
    this.speechNotice = new SpeechNotice(() => this.partyLanguages);
    this.actions = new SentenceActionsSender({
      store: this.store,
      flagDialog,
      isLive: () => this.phase === 'live',
      send: (message) => this.client?.send(message),
      replay: (id, branch) => this.player.replay(id, branch),
      render: (id) => this.renderSentence(this.store.sentences.get(id)!),
    });
    this.view = new ConversationView(controls.list, this.actions, this.store.voiceless);
    this.speech = new SentenceSpeech(
      this.store,
      {
        onClipState: (clip, state) => {
          this.view.speechState(clip.sentenceId, clip.branch, state);
          controls.list.dataset.speechReceived = String(this.player.received);
          controls.list.dataset.speechPlayed = String(this.player.played);
          if (state === 'blocked')
            this.status.showError(
              'The browser blocked the sound: press ▶ on a sentence to play it.',
            );
          if (state === 'played') {
            // The translation was heard to its end: the listener's turn to answer.
            const role = this.store.sentences.get(clip.sentenceId)?.role;
            this.patientTurn = listenerOf(role) === 'patient';
            this.status.update();
          }
        },
        onPlayingChange: (playing) => {
          this.playing = playing;
          if (this.line.waitsForTablet(playing)) {
            this.speechNotice.show('speech.waitForTablet');
          } else if (!playing) this.speechNotice.hide('speech.waitForTablet');
          this.status.update();
        },
      },
      (startMs, endMs) => this.line.isFragment(startMs, endMs),
    );
    this.player = this.speech.player;
    this.line = new MicrophoneLine({
      player: this.player,
      status: this.status,
      speechNotice: this.speechNotice,
      isLive: () => this.phase === 'live',
      isPlaying: () => this.playing,
      sendAudio: (pcm) => this.client?.sendAudio(pcm),
    });
    this.player.setAutomatic(controls.autoplay.checked);
    this.resetControls();
  }

  /** Opens the microphone and the session; rejects (with a sentence to show) if it cannot start. */
  async start(): Promise<void> {
    this.status.update();
    const micProblem = await this.line.open();
    this.client = new SessionClient(sessionUrl(document.baseURI, this.choice.apiKey), {
      onMessage: (message) => this.onMessage(message),
      onClose: () => this.onClose(),
    });
    let success: HandshakeSuccessMessage;
    try {
      success = await this.client.connect(
        handshakeFor(this.choice, this.line.sampleRate),
        this.choice.authRequired,
      );
    } catch (error) {
      await this.line.close();
      throw error;
    }
    this.record.started(success);
    this.phase = 'live';
    if (this.line.state === 'starting') this.line.state = 'on';
    this.showSession(success, micProblem);
  }

  /** Microphone on or off (the button, or Space). */
  toggleMicrophone(): void {
    if (this.phase !== 'live' || !this.line.isOpen) return;
    this.line.toggle();
    this.updateMicButton();
    this.status.update();
  }

  sendText(): void {
    if (!this.actions.sendText()) return;
    this.patientTurn = false;
    this.status.update();
  }

  setSpeed(speed: number): void {
    this.actions.setSpeed(speed);
  }

  setAutomatic(on: boolean): void {
    this.player.setAutomatic(on);
  }

  /** The patient now hears the other branch: their ▶ button moves to it. */
  patientHearsChanged(): void {
    this.view.setPatientBranch(patientHears());
    this.rerenderAll();
  }

  flagConversation(): Promise<void> {
    return this.actions.flagConversation();
  }

  /** Sends conversation_exit: the archive follows the sentences still in progress. */
  async end(): Promise<void> {
    if (this.phase !== 'live') return;
    this.phase = 'ending';
    this.status.update();
    this.setControlsEnabled(false);
    // No audio after the exit (the service would refuse it).
    await this.line.close();
    this.line.stop();
    this.updateMicButton();
    this.client?.send({ type: 'conversation_exit', archive: true });
    this.rerenderAll();
    this.status.update();
  }

  get isLive(): boolean {
    return this.phase === 'live' || this.phase === 'ending' || this.phase === 'connecting';
  }

  /** Everything released: the session, the microphone, the speech (not the archive). */
  dispose(): void {
    this.status.dispose();
    this.ending.dispose();
    this.client?.close();
    void this.line.close();
    this.player.dispose();
    this.speechNotice.hide();
    this.captions.clear();
    this.view.dispose();
    this.flagDialog.close();
  }

  /** Both parties' languages: the handshake's once the session started, the choice's before. */
  get parties(): Parties {
    return this.partyLanguages;
  }

  /** What the page holds of the conversation, for the archive built in the browser. */
  pageConversation(): PageConversation {
    return this.record.page(this.choice, this.line.sampleRate, this.store);
  }

  // ---- the session ----

  private onMessage(message: ServerMessage): void {
    this.record.note(message);
    const change = this.store.apply(message);
    this.captions.follow(message, (id) => this.store.sentences.get(id)?.text !== undefined);
    if (message.type === 'asr_result') {
      // Speech in the patient's turn, when the patient's language cannot be recognized: perhaps
      // the patient, whose words the recognizer turned into others; not the medic's sentence.
      if (message.source === 'audio' && this.patientTurn && !this.heard.patient) {
        this.store.sentences.get(message.sentence_id)!.heardInPatientTurn = true;
      }
      // Someone spoke: it is no longer the patient's turn.
      this.patientTurn = false;
    }
    // A sentence heard cut (a fragment): both parties are asked to say it again.
    if (this.speech.follow(message)) this.speechNotice.show('speech.lost', SPEECH_NOTICE_MS);
    showConfirmed(message, this.store.conversationFlags);
    switch (message.type) {
      case 'exit_acknowledged':
        this.ending.exitAcknowledged = true;
        this.ending.reason = message.reason;
        if (this.phase === 'live') {
          this.ending.endedByService();
          this.phase = 'ending';
          this.line.stop();
          this.updateMicButton();
        }
        this.setControlsEnabled(false);
        this.rerenderAll();
        break;
      case 'conversation_archive':
        this.ending.archived(message, () => this.client?.close());
        break;
      case 'error': {
        const sentenceId = errorSentenceId(message);
        const shown = addNotice(message.service, message.message, sentenceId);
        this.ending.noteNotice(message.service, message.message, sentenceId, this.phase === 'live');
        this.status.showError(shown);
        break;
      }
    }
    if (change.sentenceId) {
      const sentence = this.store.sentences.get(change.sentenceId);
      if (sentence) {
        this.speech.sync(sentence);
        this.renderSentence(sentence);
      }
    }
    this.status.update();
  }

  /** The connection closed (its close code means nothing at the bedside). */
  private onClose(): void {
    if (!this.ending.closed()) return;
    void this.line.close();
    if (!this.ending.exitAcknowledged) {
      this.interrupted('lost');
      return;
    }
    // A restart or an update: the service said so and sent its archive; the conversation can
    // go on in a new session once it is back.
    if (this.ending.reason === 'server_shutdown') {
      this.interrupted('stopped');
      return;
    }
    this.phase = 'ended';
    this.setControlsEnabled(false);
    this.status.update();
    this.onEnded(this.ending.result(this.store, this.partyLanguages));
  }

  /**
   * The session went before the people ended it (the connection, or a stop of the service): the
   * page keeps every card as it is, only what needs the session is disabled.
   */
  private interrupted(cause: Interruption): void {
    this.record.lost();
    this.phase = 'failed';
    this.line.state = 'off';
    this.updateMicButton();
    this.setControlsEnabled(false);
    this.rerenderAll();
    this.status.showLastingError(
      cause === 'lost'
        ? 'The connection to the service was lost.'
        : 'The service was stopped (a restart or an update).',
    );
    this.onInterrupted(cause);
  }

  /** This part's archive: the service's, or what the page holds (partArchiveOf). */
  partArchive(): PartArchive {
    return partArchiveOf(this.ending.archiveLink, this.pageConversation());
  }

  /** Takes this conversation's cards off the list (to keep them as an earlier part). */
  detachCards(): HTMLElement[] {
    return this.view.detachCards();
  }

  // ---- the page ----

  private renderSentence(sentence: SentenceState): void {
    this.view.render(
      sentence,
      (branch) => this.player.has(sentence.id, branch),
      this.phase !== 'live',
      this.speech.isFragment(sentence.id),
    );
  }

  private rerenderAll(): void {
    for (const sentence of this.store.ordered()) this.renderSentence(sentence);
  }

  private showSession(success: HandshakeSuccessMessage, micProblem?: string): void {
    this.partyLanguages = { medic: success.medic_lang, patient: success.patient_lang };
    sayOnPage();
    if (this.choice.patientVoice === false) this.store.voiceless.add(success.patient_lang);
    showPatientAnswers(success, (option) => {
      if (!this.actions.answerAlways(option)) return;
      this.patientTurn = false;
      this.status.update();
    });
    this.showPartyWords();
    showSessionWords(success, this.choice.recognitionLocales, this.partyLanguages, micProblem);
    this.setControlsEnabled(true);
    this.updateMicButton();
    this.status.update();
  }

  /** The patient's controls and the ▶ of the patient's sentences in both parties' languages. */
  private showPartyWords(): void {
    showPartyControls(this.partyLanguages);
    this.view.setParties(this.partyLanguages);
    this.view.setPatientBranch(patientHears());
  }

  private resetControls(): void {
    clearControls(this.choice.speed);
    this.showPartyWords();
    this.setControlsEnabled(false);
    this.updateMicButton();
  }

  private setControlsEnabled(enabled: boolean): void {
    setControlsEnabled(enabled, this.line.isOpen);
  }

  private updateMicButton(): void {
    showMicButton(this.line.state, this.phase === 'live', this.line.isOpen);
  }
}
