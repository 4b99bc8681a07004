import type { PhraseLanguage } from '../phrase-language.js';

/** A unit of a generated value: its singular and plural, and its gender where "one" agrees. */
interface Unit {
  readonly id: string;
  readonly words: Readonly<Record<PhraseLanguage, readonly [string, string]>>;
  /** What a speaker says for one of it, besides "1 day" ("a day", "un día"). */
  readonly one: Readonly<Record<PhraseLanguage, readonly string[]>>;
}

/** Units of a duration ("three days", "desde hace tres días"). */
export const DURATION_UNITS: readonly Unit[] = [
  {
    id: 'minute',
    words: {
      en: ['minute', 'minutes'],
      es: ['minuto', 'minutos'],
      fr: ['minute', 'minutes'],
      'pt-BR': ['minuto', 'minutos'],
      it: ['minuto', 'minuti'],
    },
    one: {
      en: ['a minute', 'one minute'],
      es: ['un minuto'],
      fr: ['une minute'],
      'pt-BR': ['um minuto'],
      it: ['un minuto'],
    },
  },
  {
    id: 'hour',
    words: {
      en: ['hour', 'hours'],
      es: ['hora', 'horas'],
      fr: ['heure', 'heures'],
      'pt-BR': ['hora', 'horas'],
      it: ['ora', 'ore'],
    },
    one: {
      en: ['an hour', 'one hour'],
      es: ['una hora'],
      fr: ['une heure'],
      'pt-BR': ['uma hora'],
      it: ["un'ora", 'una ora'],
    },
  },
  {
    id: 'day',
    words: {
      en: ['day', 'days'],
      es: ['día', 'días'],
      fr: ['jour', 'jours'],
      'pt-BR': ['dia', 'dias'],
      it: ['giorno', 'giorni'],
    },
    one: {
      en: ['a day', 'one day'],
      es: ['un día'],
      fr: ['un jour'],
      'pt-BR': ['um dia'],
      it: ['un giorno'],
    },
  },
  {
    id: 'week',
    words: {
      en: ['week', 'weeks'],
      es: ['semana', 'semanas'],
      fr: ['semaine', 'semaines'],
      'pt-BR': ['semana', 'semanas'],
      it: ['settimana', 'settimane'],
    },
    one: {
      en: ['a week', 'one week'],
      es: ['una semana'],
      fr: ['une semaine'],
      'pt-BR': ['uma semana'],
      it: ['una settimana'],
    },
  },
  {
    id: 'month',
    words: {
      en: ['month', 'months'],
      es: ['mes', 'meses'],
      fr: ['mois', 'mois'],
      'pt-BR': ['mês', 'meses'],
      it: ['mese', 'mesi'],
    },
    one: {
      en: ['a month', 'one month'],
      es: ['un mes'],
      fr: ['un mois'],
      'pt-BR': ['um mês'],
      it: ['un mese'],
    },
  },
  {
    id: 'year',
    words: {
      en: ['year', 'years'],
      es: ['año', 'años'],
      fr: ['an', 'ans'],
      'pt-BR': ['ano', 'anos'],
      it: ['anno', 'anni'],
    },
    one: {
      en: ['a year', 'one year'],
      es: ['un año'],
      fr: ['un an', 'une année'],
      'pt-BR': ['um ano'],
      it: ['un anno'],
    },
  },
];

/** Units of a dose ("500 mg", "two tablets"). */
export const DOSE_UNITS: readonly Unit[] = [
  {
    id: 'mg',
    words: {
      en: ['milligram', 'milligrams'],
      es: ['miligramo', 'miligramos'],
      fr: ['milligramme', 'milligrammes'],
      'pt-BR': ['miligrama', 'miligramas'],
      it: ['milligrammo', 'milligrammi'],
    },
    one: { en: [], es: [], fr: [], 'pt-BR': [], it: [] },
  },
  {
    id: 'ml',
    words: {
      en: ['millilitre', 'millilitres'],
      es: ['mililitro', 'mililitros'],
      fr: ['millilitre', 'millilitres'],
      'pt-BR': ['mililitro', 'mililitros'],
      it: ['millilitro', 'millilitri'],
    },
    one: { en: [], es: [], fr: [], 'pt-BR': [], it: [] },
  },
  {
    id: 'tablet',
    words: {
      en: ['tablet', 'tablets'],
      es: ['comprimido', 'comprimidos'],
      fr: ['comprimé', 'comprimés'],
      'pt-BR': ['comprimido', 'comprimidos'],
      it: ['compressa', 'compresse'],
    },
    one: {
      en: ['a tablet', 'one tablet', 'a pill', 'one pill'],
      es: ['un comprimido', 'una pastilla'],
      fr: ['un comprimé'],
      'pt-BR': ['um comprimido'],
      it: ['una compressa'],
    },
  },
  {
    id: 'capsule',
    words: {
      en: ['capsule', 'capsules'],
      es: ['cápsula', 'cápsulas'],
      fr: ['gélule', 'gélules'],
      'pt-BR': ['cápsula', 'cápsulas'],
      it: ['capsula', 'capsule'],
    },
    one: {
      en: ['a capsule', 'one capsule'],
      es: ['una cápsula'],
      fr: ['une gélule'],
      'pt-BR': ['uma cápsula'],
      it: ['una capsula'],
    },
  },
  {
    id: 'drop',
    words: {
      en: ['drop', 'drops'],
      es: ['gota', 'gotas'],
      fr: ['goutte', 'gouttes'],
      'pt-BR': ['gota', 'gotas'],
      it: ['goccia', 'gocce'],
    },
    one: {
      en: ['a drop', 'one drop'],
      es: ['una gota'],
      fr: ['une goutte'],
      'pt-BR': ['uma gota'],
      it: ['una goccia'],
    },
  },
  {
    id: 'puff',
    words: {
      en: ['puff', 'puffs'],
      es: ['inhalación', 'inhalaciones'],
      fr: ['bouffée', 'bouffées'],
      'pt-BR': ['jato', 'jatos'],
      it: ['spruzzo', 'spruzzi'],
    },
    one: {
      en: ['a puff', 'one puff'],
      es: ['una inhalación'],
      fr: ['une bouffée'],
      'pt-BR': ['um jato'],
      it: ['uno spruzzo'],
    },
  },
  {
    id: 'unit',
    words: {
      en: ['unit', 'units'],
      es: ['unidad', 'unidades'],
      fr: ['unité', 'unités'],
      'pt-BR': ['unidade', 'unidades'],
      it: ['unità', 'unità'],
    },
    one: {
      en: ['one unit'],
      es: ['una unidad'],
      fr: ['une unité'],
      'pt-BR': ['uma unidade'],
      it: ["un'unità"],
    },
  },
];

/** Written abbreviations that are read as the unit ("500 mg"). */
export const DOSE_ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  mg: ['mg'],
  ml: ['ml', 'mL'],
};

/** Amounts a dose is given in: enough for tablets, drops, puffs, units and common strengths. */
export const DOSE_AMOUNTS: readonly number[] = [
  ...Array.from({ length: 20 }, (_, i) => i + 1),
  25,
  30,
  40,
  50,
  60,
  75,
  80,
  100,
  120,
  125,
  150,
  200,
  250,
  300,
  325,
  400,
  500,
  600,
  750,
  800,
  850,
  875,
  1000,
];

/** How many of a duration's unit: 1 to 60. */
export const DURATION_AMOUNTS: readonly number[] = Array.from({ length: 60 }, (_, i) => i + 1);

/** Numbers of a `$number`: 0 to 100 (pain scores, temperatures, ages). */
export const NUMBER_VALUES: readonly number[] = Array.from({ length: 101 }, (_, i) => i);

export type { Unit };
