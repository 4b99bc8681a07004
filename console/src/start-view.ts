/**
 * The start screen: the languages (GET /languages), the patient's gender and age category, the
 * voice of the medic's translated words, dual direction, speed, and the API key when the service
 * requires one (GET /console/settings).
 */
import { byId, el } from './dom';
import type { AgeCategory, Gender } from './protocol';
import { languageOption, recognitionWarning, sameLanguage, sameLanguageWording } from './wording';

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
}

/** The speeds offered (the protocol takes 0.25 to 4). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

export function fillSpeeds(select: HTMLSelectElement, selected: number): void {
  select.replaceChildren(
    ...SPEEDS.map((speed) =>
      el(
        'option',
        { value: speed, selected: speed === selected },
        speed === 1 ? 'Normal (1×)' : `${speed}×`,
      ),
    ),
  );
}

export class StartView {
  private readonly form = byId<HTMLFormElement>('start-form');
  private readonly medic = byId<HTMLSelectElement>('medic-language');
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
  private loaded = false;

  constructor(onStart: (choice: StartChoice) => void) {
    fillSpeeds(this.speed, 1);
    for (const select of [this.medic, this.patient]) {
      select.addEventListener('change', () => this.languagesChanged());
    }
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const choice = this.read();
      if (choice) onStart(choice);
    });
  }

  /** Asks the service for its languages and whether it needs a key. */
  async load(): Promise<void> {
    this.setBusy(true, 'Loading the languages…');
    try {
      const [languages, settings] = await Promise.all([
        getJson<string[]>('languages'),
        getJson<{ auth_required: boolean; speech_recognition_locales?: string[] }>(
          'console/settings',
        ),
      ]);
      this.authRequired = settings.auth_required === true;
      this.recognitionLocales = settings.speech_recognition_locales ?? [];
      this.keyField.hidden = !this.authRequired;
      this.fillLanguages(languages);
      this.loaded = true;
      this.showError(undefined);
      this.languagesChanged();
    } catch {
      this.showError(
        'The service could not be reached. Check that it is running, then reload the page.',
      );
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

  setBusy(busy: boolean, label = 'Starting…'): void {
    this.button.disabled = busy;
    this.button.textContent = busy ? label : 'Start the conversation';
  }

  /** What the chosen pair means before the conversation: whose speech will not be recognized. */
  private languagesChanged(): void {
    const warning =
      this.medic.value && this.patient.value && !sameLanguage(this.medic.value, this.patient.value)
        ? recognitionWarning(this.recognitionLocales, this.medic.value, this.patient.value)
        : undefined;
    this.warning.textContent = warning ?? '';
    this.warning.hidden = !warning;
    if (this.error.dataset.problem === 'same-language') this.showError(undefined);
  }

  private fillLanguages(locales: string[]): void {
    const options = (selected: string) =>
      locales.map((locale) =>
        el('option', { value: locale, selected: locale === selected }, languageOption(locale)),
      );
    // The medic's language defaults to the browser's, the patient's to another one.
    const browser = navigator.language.split('-')[0];
    const medic = locales.find((l) => l.split('-')[0] === browser) ?? locales[0] ?? '';
    const patient = locales.find((l) => !sameLanguage(l, medic)) ?? medic;
    this.medic.replaceChildren(...options(this.medic.value || medic));
    this.patient.replaceChildren(...options(this.patient.value || patient));
  }

  private read(): StartChoice | undefined {
    if (!this.loaded) {
      void this.load();
      return undefined;
    }
    if (!this.medic.value || !this.patient.value) {
      this.showError("Choose the medic's and the patient's languages.");
      return undefined;
    }
    if (sameLanguage(this.medic.value, this.patient.value)) {
      this.showError(sameLanguageWording(this.patient.value), 'same-language');
      this.patient.focus();
      return undefined;
    }
    const apiKey = this.key.value.trim();
    if (this.authRequired && !apiKey) {
      this.showError('This service requires an API key: enter it to start.');
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
    };
  }
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
