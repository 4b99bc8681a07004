/**
 * The clinician's side of the page in the clinician's language (issue 32): the start screen, the
 * controls, the cards' labels, the warnings and notices, the suggestions when no fixed phrase
 * says a sentence. The words said to the patient are elsewhere (./phrasebook.ts).
 *
 * The clinician speaks one of the languages the engines interpret (GET /languages/capabilities,
 * role `medic`): English, Spanish, French, Italian and Portuguese with the embedded engines.
 * English is the reference (./clinician-english.ts); ./clinician-tables/ translates it, checked
 * by ./clinician.spec.ts. A clinician in another language reads English, marked `lang="en"`.
 *
 * The page has one clinician at a time: setClinicianLanguage() is called when the start screen's
 * medic language changes and when a session starts; say() then answers in that language.
 */
import { CLINICIAN_ENGLISH, type ClinicianKey } from './clinician-english';
import { CLINICIAN_TABLES } from './clinician-tables';

export type { ClinicianKey } from './clinician-english';

const primary = (locale: string) => locale.split(/[-_]/)[0].toLowerCase();

let current = 'en';

/** The clinician's language from now on (a locale: es-ES, pt-BR…); English when it has no table. */
export function setClinicianLanguage(locale: string): void {
  const code = primary(locale);
  current = Object.hasOwn(CLINICIAN_TABLES, code) ? code : 'en';
}

/** The `lang` of the clinician's words: `en`, `es`, `fr`, `it` or `pt`. */
export function clinicianLang(): string {
  return current;
}

/** The phrase `key` in the clinician's language, `{name}` placeholders filled from `values`. */
export function say(key: ClinicianKey, values: Record<string, string | number> = {}): string {
  const own = current === 'en' ? undefined : CLINICIAN_TABLES[current]?.[key];
  const text: string = own ?? CLINICIAN_ENGLISH[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * Puts the clinician's words on the elements of `root` that name a key: `data-say` for the text
 * (the element's whole text), `data-say-label` for its `aria-label`, `data-say-placeholder`… not
 * needed. Each such element gets the clinician's `lang`.
 */
export function sayOnPage(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-say]')) {
    element.textContent = say(element.dataset.say as ClinicianKey);
    element.lang = current;
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-say-label]')) {
    element.setAttribute('aria-label', say(element.dataset.sayLabel as ClinicianKey));
  }
}
