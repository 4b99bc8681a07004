/**
 * A sentence the service heard cut (its start or end was silenced while the tablet spoke, see
 * talk-over.ts) is not presented as a sentence: its card says, in both parties' languages, that
 * some words could not be heard, and is marked `data-fragment` (styles/live.css dims what was heard).
 */
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import { el } from './dom';

export function markFragment(list: HTMLElement, sentenceId: string, parties: Parties): void {
  const card = list.querySelector<HTMLElement>(`li[data-sentence-id="${sentenceId}"]`);
  if (!card || card.dataset.fragment === 'true') return;
  card.dataset.fragment = 'true';
  const lost = el(
    'p',
    { class: 'sentence__lost', role: 'note' },
    ...bothPartiesElements(parties, 'speech.lost'),
  );
  const head = card.querySelector('.sentence__head');
  if (head) head.after(lost);
  else card.prepend(lost);
}
