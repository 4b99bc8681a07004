/**
 * Word lists for the rule-based summarizers (English, French, Spanish): stop words, cue words
 * (negation, allergy, medication) and the headings of structured summaries.
 */

export type SummaryLanguage = 'en' | 'fr' | 'es';

const ISO3: Readonly<Record<string, SummaryLanguage>> = {
  en: 'en',
  eng: 'en',
  fr: 'fr',
  fra: 'fr',
  fre: 'fr',
  es: 'es',
  spa: 'es',
};

/** `en`, `fr-FR`, `fra`, `fra_Latn` → the covered language, or undefined for other languages. */
export function summaryLanguage(code: string | undefined): SummaryLanguage | undefined {
  if (!code) return undefined;
  const primary = code.toLowerCase().split(/[-_]/)[0];
  return ISO3[primary];
}

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter((word) => word.length > 0));
}

export const STOP_WORDS: Readonly<Record<SummaryLanguage, ReadonlySet<string>>> = {
  en: words(`a an the and or but if of to in on at by for with from as is are was were be been
    being has have had do does did this that these those it its he she his her him they them their
    we our you your i me my not no yes so than then there here which who whom what when where why
    how all any each some such very can could will would should may might must also into over
    under about after before during per up down out off again once both more most other only own
    same too just now patient patients pt mr mrs ms dr day days today`),
  fr: words(`le la les un une des du de d l au aux et ou mais si en dans sur sous par pour avec
    sans ce cet cette ces il elle ils elles on nous vous je me te se lui leur leurs son sa ses mon
    ma mes ton ta tes notre votre qui que quoi dont où est sont était étaient être été a ont avait
    avaient avoir fait plus moins très aussi ne pas n y ainsi comme entre depuis lors après avant
    pendant chez tout tous toute toutes patient patiente jour jours aujourd hui docteur dr mme`),
  es: words(`el la los las un una unos unas de del al y o pero si en con sin por para sobre
    entre este esta estos estas ese esa eso esto lo le les se su sus mi mis tu tus nuestro que
    quien cual cuando donde como es son era eran ser sido está están estaba ha han había tiene
    tienen tenía muy más menos también ya no ni desde hasta durante tras antes después todo toda
    todos todas paciente día días hoy doctor dra dr sr sra`),
};

export const NEGATIONS: Readonly<Record<SummaryLanguage, ReadonlySet<string>>> = {
  en: words(`no not denies denied deny without never none negative nor absent nkda`),
  fr: words(`pas jamais aucun aucune sans ni nie niant absence négatif négative rien`),
  es: words(`no niega negó nunca sin ningún ninguna ninguno ausencia negativo negativa nada`),
};

export const ALLERGY_WORDS: Readonly<Record<SummaryLanguage, ReadonlySet<string>>> = {
  en: words(`allergy allergies allergic nkda anaphylaxis intolerance hives rash`),
  fr: words(`allergie allergies allergique allergiques anaphylaxie intolérance urticaire`),
  es: words(`alergia alergias alérgico alérgica alérgicos anafilaxia intolerancia urticaria`),
};

export const MEDICATION_WORDS: Readonly<Record<SummaryLanguage, ReadonlySet<string>>> = {
  en: words(`medication medications medicine drug drugs dose dosage tablet tablets capsule
    capsules prescribed prescribe started start stop stopped continue daily twice injection
    inhaler mg`),
  fr: words(`médicament médicaments traitement dose posologie comprimé comprimés gélule gélules
    prescrit prescrite prescription débuter arrêter poursuivre injection inhalateur fois mg`),
  es: words(`medicamento medicamentos medicación tratamiento dosis comprimido comprimidos
    cápsula cápsulas pastilla pastillas recetado recetada iniciar suspender continuar inyección
    inhalador veces mg`),
};

/** Lower-case words of `text` (letters only, apostrophes split: `l'allergie` → `l`, `allergie`). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}
