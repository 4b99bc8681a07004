/**
 * The parts of a sentence card that are tapped (issue 32): the phrases offered to the clinician
 * when none says their sentence, and the answers offered to the patient under a question.
 */
import { answerButtons, showAnswered } from './answer-buttons';
import type { SentenceState } from './conversation-store';
import { el } from './dom';
import type { Parties } from './i18n/both-parties';
import { clinicianLang, say } from './i18n/clinician';
import type { Card } from './sentence-card';
import { clinicianLanguageName } from './wording';

/**
 * A clinician's sentence no fixed phrase says (issue 32): nothing was sent to the patient; the
 * clinician reads why, in their language, and the closest phrases as buttons ("Did you mean"),
 * or, with none, to rephrase. The patient's side shows nothing of it.
 */
export function fillSuggestions(card: Card, s: SentenceState, ending: boolean): void {
  const n = s.notTranslated?.reason === 'no_fixed_phrase' ? s.notTranslated : undefined;
  card.suggestions.hidden = !n;
  if (!n) {
    delete card.suggestions.dataset.key;
    return;
  }
  const key = `${n.revision}:${n.suggestions.map((x) => x.phrase_id).join(',')}`;
  if (card.suggestions.dataset.key !== key) {
    card.suggestions.dataset.key = key;
    const lang = clinicianLang();
    const offered = n.suggestions.map((suggestion) => {
      const button = el(
        'button',
        { type: 'button', class: 'button suggestion', 'data-phrase-id': suggestion.phrase_id },
        suggestion.text,
      );
      button.addEventListener('click', () => card.on.choose(s.id, suggestion.phrase_id));
      return el('li', {}, button);
    });
    card.suggestions.replaceChildren(
      el(
        'p',
        { class: 'suggestions__why', lang },
        say('suggest.notSent', { language: clinicianLanguageName(n.language) }),
      ),
      ...(offered.length > 0
        ? [
            el('p', { class: 'suggestions__ask', lang }, say('suggest.didYouMean')),
            el('ul', { class: 'suggestions__list', lang: s.language ?? lang }, ...offered),
          ]
        : [el('p', { class: 'suggestions__ask', lang }, say('suggest.rephrase'))]),
      el('p', { class: 'suggestions__sending', lang, hidden: true }, say('suggest.sending')),
    );
  }
  for (const button of card.suggestions.querySelectorAll<HTMLButtonElement>('button.suggestion')) {
    button.disabled = ending || s.choosing !== undefined;
    button.classList.toggle('suggestion--chosen', button.dataset.phraseId === s.choosing);
  }
  const sending = card.suggestions.querySelector<HTMLElement>('.suggestions__sending');
  if (sending) sending.hidden = s.choosing === undefined;
}

/**
 * Under a question said to the patient, the answers to tap (issue 32), in the patient's
 * language; the one tapped stays marked, the others disabled.
 */
export function fillAnswers(
  card: Card,
  s: SentenceState,
  parties: Parties | undefined,
  ending: boolean,
): void {
  const t = s.notTranslated ? undefined : s.translation;
  const answers = t?.answers;
  const forPatient = t !== undefined && (!parties || t.target_language === parties.patient);
  const show = answers !== undefined && forPatient && answers.options.length > 0;
  card.answers.hidden = !show;
  if (!show || !t) {
    delete card.answers.dataset.key;
    card.answers.replaceChildren();
    return;
  }
  const key = `${t.revision}:${t.phrase_id ?? ''}`;
  if (card.answers.dataset.key !== key) {
    card.answers.dataset.key = key;
    card.answers.lang = t.target_language;
    card.answers.setAttribute('aria-label', say('answers.label'));
    card.answers.replaceChildren(
      answerButtons(answers, t.target_language, (option) => card.on.answer(s.id, option)),
    );
  }
  showAnswered(card.answers, s.answered, ending);
}
