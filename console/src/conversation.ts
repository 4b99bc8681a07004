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
  showConversationFlags,
  showMicButton,
} from './conversation-controls';
import {
  SessionEnding,
  pageConversation,
  type EndResult,
  type SessionInfo,
} from './conversation-outcome';
import { ConversationStatus } from './conversation-status';
import { ConversationStore, type SentenceState } from './conversation-store';
import { ConversationView } from './conversation-view';
import type { FlagDialog } from './flag-dialog';
import { markFragment } from './fragment-card';
import type { Parties } from './i18n/both-parties';
import type { PageConversation } from './incomplete-archive';
import { LiveCaptions } from './live-captions';
import { MicrophoneLine, SPEECH_NOTICE_MS } from './microphone-line';
import {
  errorSentenceId,
  listenerOf,
  type HandshakeMessage,
  type HandshakeSuccessMessage,
  type Role,
  type ServerMessage,
} from './protocol';
import { ReceivedRecord } from './received-record';
import { SentenceActionsSender } from './sentence-actions';
import { SentenceSpeech, preferredBranch } from './sentence-speech';
import { SessionClient, sessionUrl, type CloseInfo } from './session-client';
import { showPartyControls, showSessionLanguages } from './session-words';
import { SpeechNotice } from './speech-notice';
import { SpeechPlayer } from './speech-player';
import type { StartChoice } from './start-view';
import type { Phase } from './status-bar';

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
  /** The session as the handshake answered it, and what the page received beyond the cards. */
  private session?: SessionInfo;
  private readonly received = new ReceivedRecord();

  constructor(
    private readonly choice: StartChoice,
    private readonly flagDialog: FlagDialog,
    private readonly onEnded: (result: EndResult) => void,
    /** The connection was lost before the service ended the session: the cards stay. */
    private readonly onLost: () => void = () => undefined,
  ) {
    this.partyLanguages = { medic: choice.medicLanguage, patient: choice.patientLanguage };
    this.speechNotice = new SpeechNotice(() => this.partyLanguages);
    this.actions = new SentenceActionsSender({
      store: this.store,
      flagDialog,
      isLive: () => this.phase === 'live',
      send: (message) => this.client?.send(message),
      replay: (id, branch) => this.player.replay(id, branch),
      render: (id) => this.renderSentence(this.store.sentences.get(id)!),
    });
    this.view = new ConversationView(controls.list, this.actions);
    this.player = new SpeechPlayer(
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
            this.updateStatus();
          }
        },
        onPlayingChange: (playing) => {
          this.playing = playing;
          if (this.line.waitsForTablet(playing)) {
            this.speechNotice.show('speech.waitForTablet');
          } else if (!playing) this.speechNotice.hide('speech.waitForTablet');
          this.updateStatus();
        },
      },
      (sentenceId) => preferredBranch(this.store, sentenceId),
    );
    this.speech = new SentenceSpeech(this.player, this.store);
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
    this.updateStatus();
    const micProblem = await this.line.open();
    const handshake: HandshakeMessage = {
      type: 'handshake',
      language_medic: this.choice.medicLanguage,
      language_patient: this.choice.patientLanguage,
      speed: this.choice.speed,
      enable_dual_direction: this.choice.dualDirection,
      sample_rate: this.line.sampleRate,
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
      await this.line.close();
      throw error;
    }
    this.session = {
      id: success.session_id,
      startedAt: new Date().toISOString(),
      parties: { medic: success.medic_lang, patient: success.patient_lang },
    };
    this.phase = 'live';
    if (this.line.state === 'starting') this.line.state = 'on';
    this.showSession(success, micProblem);
  }

  /** Microphone on or off (the button, or Space). */
  toggleMicrophone(): void {
    if (this.phase !== 'live' || !this.line.isOpen) return;
    this.line.toggle();
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

  flagConversation(): Promise<void> {
    return this.actions.flagConversation();
  }

  /** Sends conversation_exit: the archive follows the sentences still in progress. */
  async end(): Promise<void> {
    if (this.phase !== 'live') return;
    this.phase = 'ending';
    this.updateStatus();
    this.setControlsEnabled(false);
    // No audio after the exit (the service would refuse it).
    await this.line.close();
    this.line.state = 'off';
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
    this.status.dispose();
    this.ending.dispose();
    this.client?.close();
    void this.line.close();
    this.player.dispose();
    this.speechNotice.hide();
    this.captions.clear();
    this.view.clear();
    this.flagDialog.close();
  }

  /** Both parties' languages, once the session started. */
  get parties(): Parties | undefined {
    return this.session?.parties;
  }

  /** What the page holds of the conversation, for the archive built in the browser. */
  pageConversation(): PageConversation {
    return pageConversation({
      choice: this.choice,
      session: this.session,
      lostAt: this.ending.lostAt,
      sampleRate: this.line.sampleRate,
      store: this.store,
      received: this.received,
    });
  }

  // ---- the session ----

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
      case 'asr_result': {
        this.captions.remove(message.sentence_id);
        // Someone spoke: it is no longer the patient's turn.
        this.patientTurn = false;
        // A fragment (cut by the silence sent while the tablet spoke): both parties are asked
        // to say it again.
        const cut =
          message.source === 'audio' && this.line.isFragment(message.start_ms, message.end_ms);
        if (this.speech.recognized(message, cut))
          this.speechNotice.show('speech.lost', SPEECH_NOTICE_MS);
        break;
      }
      case 'tts_audio':
        this.speech.audio(message);
        break;
      case 'correction_ack':
        this.speech.corrected(message);
        break;
      case 'speed_updated':
        controls.speedNote.textContent = `Speed ${message.speed}×, from the next sentence.`;
        controls.speed.value = String(message.speed);
        break;
      case 'flag_ack':
        showConversationFlags(this.store.conversationFlags);
        break;
      case 'exit_acknowledged':
        this.ending.exitAcknowledged = true;
        if (this.phase === 'live') {
          this.ending.endedByService();
          this.phase = 'ending';
          void this.line.close();
          this.line.state = 'off';
          this.player.hold(false);
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
        if (sentenceId && message.service === 'ASR') this.captions.remove(sentenceId);
        this.notice(message.service, message.message, sentenceId);
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
    this.updateStatus();
  }

  private onClose(info: CloseInfo): void {
    if (!this.ending.closed()) return;
    void this.line.close();
    if (!this.ending.exitAcknowledged) {
      this.connectionLost(info);
      return;
    }
    this.phase = 'ended';
    this.setControlsEnabled(false);
    this.updateStatus();
    this.onEnded(this.ending.result(this.store, this.partyLanguages));
  }

  /**
   * The connection went without the service ending the session (it stopped, or the network):
   * the page keeps every card as it is, only what needs the session is disabled.
   */
  private connectionLost(info: CloseInfo): void {
    void info; // the close code means nothing at the bedside
    this.ending.lostAt = new Date().toISOString();
    this.phase = 'failed';
    this.line.state = 'off';
    this.updateMicButton();
    this.setControlsEnabled(false);
    this.rerenderAll();
    this.status.showLastingError('The connection to the service was lost.');
    this.onLost();
  }

  // ---- the page ----

  private renderSentence(sentence: SentenceState): void {
    this.view.render(
      sentence,
      (branch) => this.player.has(sentence.id, branch),
      this.phase !== 'live',
    );
    if (this.speech.isFragment(sentence.id))
      markFragment(controls.list, sentence.id, this.partyLanguages);
  }

  private rerenderAll(): void {
    for (const sentence of this.store.ordered()) this.renderSentence(sentence);
  }

  private showSession(success: HandshakeSuccessMessage, micProblem?: string): void {
    this.partyLanguages = { medic: success.medic_lang, patient: success.patient_lang };
    this.showPartyWords();
    showSessionLanguages(success, this.choice.recognitionLocales, this.partyLanguages, micProblem);
    controls.speed.value = String(success.speed);
    this.setControlsEnabled(true);
    this.updateMicButton();
    this.updateStatus();
  }

  /** The patient's controls and the ▶ of the patient's sentences in both parties' languages. */
  private showPartyWords(): void {
    showPartyControls(this.partyLanguages);
    this.view.setParties(this.partyLanguages);
    this.view.setPatientBranch(controls.patientHears.value === 'B' ? 'B' : 'A');
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

  private notice(service: string, message: string, sentenceId?: string): void {
    const shown = addNotice(service, message, sentenceId);
    this.ending.noteNotice(service, message, sentenceId, this.phase === 'live');
    this.status.showError(shown);
  }

  private updateStatus(): void {
    this.status.update();
  }
}
