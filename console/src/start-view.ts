/**
 * The start screen: the languages (GET /languages/capabilities, or GET /languages when it
 * cannot be read), the patient's gender and age category, the voice of the medic's translated
 * words, dual direction, speed, and the API key when the service requires one
 * (GET /console/settings). It speaks the clinician's language: the medic's language chosen.
 */
import { byId, el, spaced } from './dom';
import { clinicianLang, say, sayOnPage, setClinicianLanguage } from './i18n/clinician';
import type { AgeCategory, Gender } from './protocol';
import {
  clinicianLanguageName,
  languageOption,
  recognitionWarning,
  sameLanguage,
  sameLanguageWording,
} from './wording';

/** What a language can do (GET /languages/capabilities, docs/protocol.md §2, issue 32). */
export interface LanguageCapability {
  locale: string;
  name?: string;
  roles: ('medic' | 'patient')[];
  translation: 'machine' | 'fixed_phrases';
  fixed_phrases?: number;
  speech_recognition?: boolean;
  voice: boolean;
  answers_by_touch?: boolean;
}

export interface StartChoice {
  medicLanguage: string;
  patientLanguage: string;
  patientGender?: Gender;
  patientAge?: AgeCategory;
  /** The voice that speaks the medic's words to the patient. */
  medicVoice: Gender;
  dualDirection: boolean;
  speed: number;
  /** Held in memory only, for the session's ?token=. */
  apiKey?: string;
  authRequired: boolean;
  /** The locales speech recognition understands (GET /console/settings). */
  recognitionLocales: readonly string[];
  /** False when no voice speaks the patient's language (its phrases are read, not heard). */
  patientVoice?: boolean;
  /** The language of the clinician's side of the page: en, es, fr, it or pt. */
  clinicianLanguage?: string;
}

/** The speeds offered (the protocol takes 0.25 to 4). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

export function fillSpeeds(select: HTMLSelectElement, selected: number): void {
  select.replaceChildren(
    ...SPEEDS.map((speed) =>
      el(
        'option',
        { value: speed, selected: speed === selected },
        speed === 1 ? say('speed.normal') : `${speed}×`,
      ),
    ),
  );
}

export class StartView {
  private readonly form = byId<HTMLFormElement>('start-form');
  private readonly medic = byId<HTMLSelectElement>('medic-language');
  private readonly clinician = byId<HTMLSelectElement>('clinician-language');
  private readonly patient = byId<HTMLSelectElement>('patient-language');
  private readonly gender = byId<HTMLSelectElement>('patient-gender');
  private readonly age = byId<HTMLSelectElement>('patient-age');
  private readonly medicVoice = byId<HTMLSelectElement>('medic-voice');
  private readonly dual = byId<HTMLInputElement>('dual-direction');
  private readonly speed = byId<HTMLSelectElement>('start-speed');
  private readonly keyField = byId('api-key-field');
  private readonly key = byId<HTMLInputElement>('api-key');
  private readonly error = byId('start-error');
  private readonly warning = byId('start-warning');
  private readonly button = byId<HTMLButtonElement>('start-button');
  private authRequired = false;
  private recognitionLocales: readonly string[] = [];
  /** Each language's capabilities, by locale (empty when only GET /languages answered). */
  private capabilities = new Map<string, LanguageCapability>();
  private loaded = false;

  constructor(onStart: (choice: StartChoice) => void) {
    fillSpeeds(this.speed, 1);
    for (const select of [this.medic, this.patient]) {
      select.addEventListener('change', () => this.languagesChanged());
    }
    // The clinician's side speaks the browser's language, when the page has words for it, or
    // the language chosen; the start screen changes as soon as it is chosen.
    const browser = navigator.language.split('-')[0].toLowerCase();
    if ([...this.clinician.options].some((o) => o.value === browser))
      this.clinician.value = browser;
    this.clinician.addEventListener('change', () => this.speakClinicianLanguage());
    this.speakClinicianLanguage();
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const choice = this.read();
      if (choice) onStart(choice);
    });
  }

  /** Asks the service for its languages and whether it needs a key. */
  async load(): Promise<void> {
    this.setBusy(true, say('start.loading'));
    try {
      const [capabilities, settings] = await Promise.all([
        loadCapabilities(),
        getJson<{ auth_required: boolean; speech_recognition_locales?: string[] }>(
          'console/settings',
        ),
      ]);
      this.authRequired = settings.auth_required === true;
      this.recognitionLocales = settings.speech_recognition_locales ?? [];
      this.keyField.hidden = !this.authRequired;
      this.capabilities = new Map(capabilities.map((c) => [c.locale, c]));
      this.fillLanguages(capabilities);
      this.loaded = true;
      this.showError(undefined);
      this.speakClinicianLanguage();
    } catch {
      this.showError(say('start.unreachable'));
    } finally {
      this.setBusy(false);
    }
  }

  /** `problem` names a problem of the form that a change of it clears. */
  showError(message: string | undefined, problem?: string): void {
    this.error.textContent = message ?? '';
    this.error.hidden = !message;
    if (message && problem) this.error.dataset.problem = problem;
    else delete this.error.dataset.problem;
  }

  setBusy(busy: boolean, label?: string): void {
    this.button.disabled = busy;
    this.button.textContent = busy ? (label ?? say('start.starting')) : say('start.button');
  }

  /**
   * The start screen in the clinician's language: its labels, the languages' names and
   * capabilities, the speeds, and what the chosen pair means.
   */
  private speakClinicianLanguage(): void {
    setClinicianLanguage(this.clinician.value || 'en');
    sayOnPage();
    if (this.loaded) this.fillLanguages([...this.capabilities.values()]);
    fillSpeeds(this.speed, Number(this.speed.value) || 1);
    if (!this.button.disabled) this.setBusy(false);
    this.languagesChanged();
  }

  /**
   * What the chosen pair means before the conversation: whose speech will not be recognized,
   * and what a patient's language reached by fixed phrases only means (issue 32).
   */
  private languagesChanged(): void {
    const medic = this.medic.value;
    const patient = this.patient.value;
    const lines: string[] = [];
    if (medic && patient && !sameLanguage(medic, patient)) {
      const recognition = recognitionWarning(this.recognitionLocales, medic, patient);
      if (recognition) lines.push(recognition);
      const capability = this.capabilities.get(patient);
      if (capability?.translation === 'fixed_phrases')
        lines.push(say('warning.fixedPhrases', { language: clinicianLanguageName(patient) }));
      if (capability && !capability.voice)
        lines.push(say('warning.noVoice', { language: clinicianLanguageName(patient) }));
    }
    this.warning.replaceChildren(
      ...spaced(lines.map((line) => el('span', { class: 'start-warning__line' }, line))),
    );
    this.warning.lang = clinicianLang();
    this.warning.hidden = lines.length === 0;
    if (this.error.dataset.problem === 'same-language') this.showError(undefined);
  }

  /**
   * The medic's list offers only the languages a clinician may speak (role `medic`), the
   * patient's every language, each saying what it can do: "Vietnamese — Tiếng Việt (vi-VN):
   * fixed phrases only, spoken". No language is offered that the service would refuse.
   */
  private fillLanguages(capabilities: readonly LanguageCapability[]): void {
    const medics = capabilities.filter((c) => c.roles.includes('medic')).map((c) => c.locale);
    const patients = capabilities.filter((c) => c.roles.includes('patient')).map((c) => c.locale);
    const option = (locale: string, selected: string, label: string) =>
      el('option', { value: locale, selected: locale === selected }, label);
    // The medic's language defaults to the browser's, the patient's to another one.
    const browser = navigator.language.split('-')[0];
    const medic = medics.find((l) => l.split('-')[0] === browser) ?? medics[0] ?? '';
    const patient =
      patients.find((l) => !sameLanguage(l, medic) && medics.includes(l)) ??
      patients.find((l) => !sameLanguage(l, medic)) ??
      medic;
    const medicChosen = medics.includes(this.medic.value) ? this.medic.value : medic;
    const patientChosen = patients.includes(this.patient.value) ? this.patient.value : patient;
    this.medic.replaceChildren(
      ...medics.map((locale) => option(locale, medicChosen, languageOption(locale))),
    );
    this.patient.replaceChildren(
      ...patients.map((locale) =>
        option(locale, patientChosen, patientOption(locale, this.capabilities.get(locale))),
      ),
    );
  }

  private read(): StartChoice | undefined {
    if (!this.loaded) {
      void this.load();
      return undefined;
    }
    if (!this.medic.value || !this.patient.value) {
      this.showError(say('start.chooseLanguages'));
      return undefined;
    }
    if (sameLanguage(this.medic.value, this.patient.value)) {
      this.showError(sameLanguageWording(this.patient.value), 'same-language');
      this.patient.focus();
      return undefined;
    }
    const apiKey = this.key.value.trim();
    if (this.authRequired && !apiKey) {
      this.showError(say('start.keyRequired'));
      this.key.focus();
      return undefined;
    }
    this.showError(undefined);
    return {
      medicLanguage: this.medic.value,
      patientLanguage: this.patient.value,
      patientGender: (this.gender.value || undefined) as Gender | undefined,
      patientAge: (this.age.value || undefined) as AgeCategory | undefined,
      medicVoice: this.medicVoice.value === 'male' ? 'male' : 'female',
      dualDirection: this.dual.checked,
      speed: Number(this.speed.value),
      apiKey: apiKey || undefined,
      authRequired: this.authRequired,
      recognitionLocales: this.recognitionLocales,
      patientVoice: this.capabilities.get(this.patient.value)?.voice,
      clinicianLanguage: this.clinician.value || 'en',
    };
  }
}

/**
 * A patient's language with what it can do: "Spanish — español (es-ES): machine translation",
 * "Filipino (fil-PH): fixed phrases only, text only". Without capabilities, its name alone.
 */
export function patientOption(locale: string, capability: LanguageCapability | undefined): string {
  const name = languageOption(locale);
  if (!capability) return name;
  const what =
    capability.translation === 'machine'
      ? [say('language.machine')]
      : [
          say('language.fixedPhrases'),
          say(capability.voice ? 'language.spoken' : 'language.textOnly'),
        ];
  return `${name}: ${what.join(', ')}`;
}

/**
 * Every language a handshake accepts (GET /languages) with what it can do
 * (GET /languages/capabilities). A language the capabilities do not describe (an older service
 * without the route, or a list changed since) is taken to be usable by both parties, as before
 * issue 32; when GET /languages cannot be read, the capabilities' own list is used.
 */
async function loadCapabilities(): Promise<LanguageCapability[]> {
  const [listed, described] = await Promise.allSettled([
    getJson<string[]>('languages'),
    getJson<LanguageCapability[]>('languages/capabilities'),
  ]);
  const capabilities =
    described.status === 'fulfilled' &&
    Array.isArray(described.value) &&
    described.value.every((c) => typeof c?.locale === 'string' && Array.isArray(c.roles))
      ? described.value
      : [];
  if (listed.status === 'rejected' && capabilities.length === 0) throw listed.reason;
  const byLocale = new Map(capabilities.map((c) => [c.locale, c]));
  const locales = listed.status === 'fulfilled' ? listed.value : [...byLocale.keys()];
  return locales.map(
    (locale) =>
      byLocale.get(locale) ?? {
        locale,
        roles: ['medic', 'patient'],
        translation: 'machine',
        voice: true,
      },
  );
}

async function getJson<T>(path: string): Promise<T> {
  // Relative to the page, so that the console also works behind a path prefix.
  const response = await fetch(new URL(path, document.baseURI), {
    headers: { accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}
