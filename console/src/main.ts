/**
 * The interpreter console: three screens (start, conversation, end) on one page, served by the
 * service at /. Nothing is persisted in the browser: the conversation lives in this page's
 * memory until the next conversation starts or the page is closed.
 */
// The style sheets, in cascade order: later ones override earlier ones (small-screens.css).
import './styles/base.css';
import './styles/controls.css';
import './styles/screens.css';
import './styles/sentence.css';
import './styles/small-screens.css';
import './styles/live.css';
import './styles/answers.css';
import { formatBytes, type ArchiveLink } from './archive-download';
import { ConnectionLostPanel, type Interruption } from './connection-lost';
import { EarlierParts } from './earlier-parts';
import { Conversation, controls, type EndResult } from './conversation';
import { byId, el, showOnly, spaced } from './dom';
import { FlagDialog, confirmEnd } from './flag-dialog';
import { bothPartiesElements } from './i18n/both-parties';
import type { PhraseKey } from './i18n/english';
import type { SessionEndReason } from './protocol';
import { bindShortcuts } from './keyboard';
import { StartView, type StartChoice } from './start-view';
import { bindWarningsBox } from './warnings-box';

const screens = {
  start: byId('screen-start'),
  conversation: byId('screen-conversation'),
  end: byId('screen-end'),
};
type Screen = keyof typeof screens;

const flagDialog = new FlagDialog();
let current: Conversation | undefined;
let archive: ArchiveLink | undefined;
let archiveSaved = false;
let screen: Screen = 'start';
/** Shown on the conversation screen while a conversation whose session is gone stays there. */
let lostPanel: ConnectionLostPanel | undefined;
/** The parts of a conversation that went on after its session was interrupted. */
const earlierParts = new EarlierParts();

function show(next: Screen): void {
  screen = next;
  document.body.dataset.screen = next;
  showOnly(screens[next], Object.values(screens));
  // Focus moves to the new screen's title, so keyboards and screen readers start there.
  screens[next].querySelector<HTMLElement>('h1')?.focus();
  window.scrollTo(0, 0);
}

const startView = new StartView((choice) => void start(choice));

async function start(choice: StartChoice): Promise<void> {
  startView.setBusy(true, 'Connecting…');
  startView.showError(undefined);
  const conversation = new Conversation(choice, flagDialog, ended, (cause) =>
    interrupted(conversation, choice, cause),
  );
  current = conversation;
  // A conversation that goes on: its earlier parts stay above the new cards.
  earlierParts.showIn(controls.list);
  try {
    await conversation.start();
    show('conversation');
    // Should the connection be lost, the service may be gone when the page builds its own
    // archive: the code for it (and JSZip) is fetched now, while the service answers.
    void import('./incomplete-archive').then(
      (module) => module.preloadZipLibrary(),
      () => undefined, // tried again when the archive is built
    );
  } catch (error) {
    conversation.dispose();
    current = undefined;
    startView.showError(error instanceof Error ? error.message : String(error));
    if (screen !== 'start') show('start');
  } finally {
    startView.setBusy(false);
  }
}

/**
 * The session is gone (the connection was lost, or the service stopped): the conversation stays
 * on screen, with the banner of what to do; continued, its cards become an earlier part.
 */
function interrupted(conversation: Conversation, choice: StartChoice, cause: Interruption): void {
  if (current !== conversation) return;
  lostPanel?.dispose();
  const archive = conversation.partArchive();
  lostPanel = new ConnectionLostPanel(
    byId('warnings-box'),
    { parties: conversation.parties, cause, archive },
    {
      continueConversation: () => {
        lostPanel?.dispose();
        lostPanel = undefined;
        earlierParts.add(conversation.detachCards(), conversation.parties, archive);
        conversation.dispose();
        current = undefined;
        void start(choice);
      },
    },
  );
}

const endTitle = byId('end-title');
const endThanks = byId('end-thanks');
const endSummary = byId('end-summary');
const archiveOffer = byId('archive-offer');
const archiveAnchor = byId<HTMLAnchorElement>('archive-link');
const endError = byId('end-error');
const newButton = byId<HTMLButtonElement>('new-button');
const endReason = byId('end-reason');
const earlierArchives = byId('earlier-archives');
const earlierArchivesList = byId('earlier-archives-list');

function ended(result: EndResult): void {
  archive = result.archive;
  archiveSaved = false;
  // Said to both parties, each in their language (one line when they read the same).
  endTitle.replaceChildren(...spaced(bothPartiesElements(result.parties, 'end.title')));
  endThanks.replaceChildren(...spaced(bothPartiesElements(result.parties, 'end.thanks')));
  const sentences = `${result.sentences} sentence${result.sentences === 1 ? '' : 's'}`;
  const flags = result.flags ? `, ${result.flags} flag${result.flags === 1 ? '' : 's'}` : '';
  endSummary.textContent = `${sentences}${flags}.`;
  archiveOffer.hidden = !archive;
  if (archive) {
    archiveAnchor.href = archive.url;
    archiveAnchor.download = archive.filename;
    archiveAnchor.replaceChildren(
      'Download the archive',
      el(
        'span',
        { class: 'button__detail' },
        `${archive.filename}, ${formatBytes(archive.sizeBytes)}`,
      ),
    );
  }
  endError.textContent = result.problem ?? '';
  endError.hidden = !result.problem;
  // Why the service ended it, told to both parties (issue 30, item 6).
  const why = result.reason ? END_REASON[result.reason] : undefined;
  endReason.hidden = !why;
  endReason.replaceChildren(...(why ? bothPartiesElements(result.parties, why, {}, 'p') : []));
  // The earlier parts of a conversation that went on after an interruption.
  earlierArchives.hidden = earlierParts.count === 0;
  earlierArchivesList.replaceChildren(...earlierParts.saveButtons());
  newButton.textContent = 'Start a new conversation';
  show('end');
}

const END_REASON: Partial<Record<SessionEndReason, PhraseKey>> = {
  idle_timeout: 'end.reason.idle',
  max_duration: 'end.reason.maxDuration',
  server_shutdown: 'end.reason.shutdown',
};

archiveAnchor.addEventListener('click', () => {
  archiveSaved = true;
  archiveAnchor.dataset.downloaded = 'true';
});

newButton.addEventListener('click', () => {
  const unsaved = (archive && !archiveSaved) || earlierParts.unsaved;
  if (unsaved && newButton.dataset.confirm !== 'true') {
    // A second press discards the archives: they exist nowhere else.
    newButton.dataset.confirm = 'true';
    newButton.textContent = 'Discard the archive and start a new conversation';
    endError.textContent = 'An archive has not been downloaded: it will be lost.';
    endError.hidden = false;
    return;
  }
  delete newButton.dataset.confirm;
  current?.dispose();
  current = undefined;
  earlierParts.clear();
  archive?.revoke();
  archive = undefined;
  archiveAnchor.removeAttribute('href');
  show('start');
});

// ---- conversation controls, bound once ----

controls.mic.addEventListener('click', () => current?.toggleMicrophone());
controls.typeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  current?.sendText();
});
controls.typeText.addEventListener('keydown', (event) => {
  // Enter sends; Shift+Enter starts a new line.
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    current?.sendText();
  }
});
controls.speed.addEventListener('change', () => current?.setSpeed(Number(controls.speed.value)));
controls.autoplay.addEventListener('change', () =>
  current?.setAutomatic(controls.autoplay.checked),
);
controls.patientHears.addEventListener('change', () => current?.patientHearsChanged());
controls.flagConversation.addEventListener('click', () => void current?.flagConversation());
controls.end.addEventListener('click', async () => {
  if (current && (await confirmEnd())) await current.end();
});

bindShortcuts(() => screen === 'conversation', {
  toggleMicrophone: () => current?.toggleMicrophone(),
  focusTextBox: () => controls.typeText.focus(),
});

// Leaving the page loses the conversation (and an archive not downloaded): the browser asks first.
window.addEventListener('beforeunload', (event) => {
  const unsaved = (archive && !archiveSaved) || lostPanel?.unsaved || earlierParts.unsaved;
  if (current?.isLive || unsaved) event.preventDefault();
});

bindWarningsBox();
show('start');
void startView.load();
