/**
 * Structured summary by rules: reason for visit, symptoms and history, medications with doses,
 * allergies, vital signs and plan, read from English, French or Spanish clinical text (headed
 * notes such as `Allergies: …` and free prose with cue words). Every bullet is a verbatim piece of
 * the input, or its translation when the target language differs: nothing is invented.
 */
import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';
import { splitSentences } from './sentences.js';

export type SectionKey = 'reason' | 'history' | 'medications' | 'allergies' | 'vitals' | 'plan';
export const SECTION_ORDER: readonly SectionKey[] = [
  'reason',
  'history',
  'medications',
  'allergies',
  'vitals',
  'plan',
];

export type Sections = Record<SectionKey, string[]>;

/** What the summarizer needs of a catalog language. */
export type SummaryLanguageRef = Pick<CatalogLanguage, 'code' | 'iso6391' | 'name'>;

/** Translates `text` between two catalog codes (`fra_Latn`…): the translation service's job. */
export type TranslateFn = (text: string, sourceCode: string, targetCode: string) => Promise<string>;

type Headings = Readonly<Record<SectionKey, string>>;

/** Section headings per ISO 639-1 code; other targets get the English ones translated. */
export const HEADINGS: Readonly<Record<string, Headings>> = {
  en: {
    reason: 'Reason for visit',
    history: 'Symptoms and history',
    medications: 'Medications',
    allergies: 'Allergies',
    vitals: 'Vital signs',
    plan: 'Plan',
  },
  fr: {
    reason: 'Motif de consultation',
    history: 'Symptômes et antécédents',
    medications: 'Traitements',
    allergies: 'Allergies',
    vitals: 'Signes vitaux',
    plan: 'Conduite à tenir',
  },
  es: {
    reason: 'Motivo de consulta',
    history: 'Síntomas y antecedentes',
    medications: 'Medicación',
    allergies: 'Alergias',
    vitals: 'Signos vitales',
    plan: 'Plan',
  },
  de: {
    reason: 'Vorstellungsgrund',
    history: 'Symptome und Vorgeschichte',
    medications: 'Medikamente',
    allergies: 'Allergien',
    vitals: 'Vitalzeichen',
    plan: 'Procedere',
  },
  it: {
    reason: 'Motivo della visita',
    history: 'Sintomi e anamnesi',
    medications: 'Farmaci',
    allergies: 'Allergie',
    vitals: 'Parametri vitali',
    plan: 'Piano',
  },
  pt: {
    reason: 'Motivo da consulta',
    history: 'Sintomas e antecedentes',
    medications: 'Medicamentos',
    allergies: 'Alergias',
    vitals: 'Sinais vitais',
    plan: 'Plano',
  },
};

/** FLORES code of English, the source of headings translated for targets without a table. */
export const ENGLISH_CODE = 'eng_Latn';

// Headings of clinical notes (lower case, without accents) → section.
const NOTE_HEADERS: ReadonlyArray<[SectionKey, readonly string[]]> = [
  [
    'reason',
    [
      'chief complaint',
      'cc',
      'reason for visit',
      'reason for consultation',
      'presenting complaint',
      'motif',
      'motif de consultation',
      'motif de consult',
      'motivo',
      'motivo de consulta',
      'motivo de la consulta',
    ],
  ],
  [
    'history',
    [
      'hpi',
      'history',
      'history of present illness',
      'pmh',
      'past medical history',
      'medical history',
      'symptoms',
      'exam',
      'examination',
      'physical exam',
      'physical examination',
      'antecedents',
      'antecedents medicaux',
      'histoire de la maladie',
      'symptomes',
      'examen',
      'examen clinique',
      'anamnese',
      'antecedentes',
      'antecedentes personales',
      'enfermedad actual',
      'sintomas',
      'exploracion',
      'exploracion fisica',
      'examen fisico',
      'social history',
      'family history',
      'mode de vie',
    ],
  ],
  [
    'medications',
    [
      'medications',
      'medication',
      'meds',
      'current medications',
      'home medications',
      'traitement',
      'traitements',
      'traitement en cours',
      'traitement habituel',
      'medicaments',
      'medicamentos',
      'medicacion',
      'medicacion actual',
      'medicacion habitual',
      'tratamiento',
      'tratamiento actual',
      'tratamiento habitual',
    ],
  ],
  ['allergies', ['allergies', 'allergy', 'allergie', 'alergias', 'alergia']],
  [
    'vitals',
    [
      'vitals',
      'vital signs',
      'constantes',
      'signes vitaux',
      'parametres vitaux',
      'signos vitales',
      'constantes vitales',
    ],
  ],
  [
    'plan',
    [
      'plan',
      'assessment and plan',
      'a/p',
      'assessment',
      'impression',
      'conduite a tenir',
      'cat',
      'conclusion',
      'plan de traitement',
      'plan terapeutico',
      'impresion diagnostica',
      'recomendaciones',
      'recommandations',
      'diagnostic',
      'diagnostico',
      'evaluation',
      'evaluacion',
      'juicio clinico',
    ],
  ],
];

const HEADER_TO_SECTION = new Map<string, SectionKey>(
  NOTE_HEADERS.flatMap(([key, names]) => names.map((name) => [name, key] as [string, SectionKey])),
);

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

// Cues in prose (any covered language; sentences are matched lower case).
const REASON_CUES =
  /(presents? (with|for)|presenting with|complain(s|ing)? of|c[ao]me[s]? in (for|with)|here (today )?for|seen (today )?for|referred (to us )?for|reason for (the )?visit|chief complaint|consulte (aux urgences )?pour|se présente (aux urgences )?pour|vient (consulter )?pour|adressée? pour|motif de|acude (a urgencias |a consulta )?(por|con)|consulta por|motivo de|se presenta (en urgencias )?(por|con)|viene por|remitid[oa] por)/u;
const PLAN_CUES =
  /((^|[^\p{L}])plan([^\p{L}]|$)|will (start|continue|stop|increase|decrease|order|refer|follow|return|recheck|repeat|obtain|discuss|be )|we (will|recommend)|recommend|(?:is|was|were|we) advised|follow[- ]?up|return (to|if|in)|scheduled|referral|discharge|nous (proposons|prescrivons|débutons|recommandons|prévoyons)|on (propose|débute|prescrit|prévoit)|il est (recommandé|conseillé)|conseil|prévoir|contrôle|réévaluation|à revoir|rendez-vous|suivi(?!e)|reconsulter|hospitalisation|se (indica|recomienda|pauta|inicia|solicita|deriva|cita)|indicamos|recomendamos|iniciamos|pautamos|control|seguimiento|revisión|volver a|derivación|ingreso)/u;
const HISTORY_CUES =
  /(history|hx |reports?|reported|denies|denied|complains|pain|fever|cough|nausea|vomit|diarrh|headache|dyspn|short(ness)? of breath|since|for the past|onset|ago|symptom|exam|diagnos|known|smok|antécédent|signale|rapporte|nie |douleur|fièvre|toux|nausée|vomissement|céphalée|dyspnée|depuis|il y a|symptôme|examen|diagnostiqu|connue?|fume|tabac|antecedente|refiere|niega|dolor|fiebre|tos|náusea|vómito|cefalea|disnea|desde|hace |síntoma|exploración|diagnostic|conocid|fuma)/u;

// Medications: a drug-like word with a dose (`metformin 500 mg`), or a dose of a drug (`1 g de paracétamol`).
const DOSE_UNIT = String.raw`(?:mg|mcg|µg|μg|g|mL|ml|IU|UI|U|units?|unités?|unidades?|mmol|mEq|gouttes|gotas|drops|puffs?|bouffées|inhalaciones)`;
const DOSE = String.raw`\d+(?:[.,]\d+)?(?:\s?(?:-|–|\/|to|à|a)\s?\d+(?:[.,]\d+)?)?\s?${DOSE_UNIT}(?:\s?\/\s?(?:kg|day|d|h|jour|j|día|dia))?(?![\p{L}\p{N}])(?!\s?\/\s?(?:dL|dl|L|l|mL|ml)(?![\p{L}]))`;
const DRUG = String.raw`\p{L}[\p{L}-]{2,}`;
const DRUG_DOSE = new RegExp(String.raw`(?<![\p{L}\p{N}])(${DRUG})\s+(?:\(?${DOSE}\)?)`, 'gu');
const DOSE_OF_DRUG = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${DOSE}\s+(?:of|de|d'|d’|del)\s?(${DRUG})`,
  'gu',
);
const TAIL_END =
  /[,;\n()]|\.(?!\d)|\s(?:and|et|y|but|mais|pero|for|pour|para|which|qui|que|with|avec|con)\s/u;
// Words that come before a dose but are not drugs.
const NOT_DRUGS = new Set(
  `give gives given donne donné da dar take takes taking took dose doses total daily given gave receive received receives start
  started starting increase increased decrease decreased reduce reduced continue continued
  weighs weight about approximately around only then also plus and with from the was were
  prend prenait prise pris poids environ dose dosis toma tomaba tomando peso unos unas aproximadamente
  dépasser depasser exceed exceeding exceder superar max maximum máximo jusqu hasta
  recibe recibió recibio avec sous con sin bolus glucose glucosa glycémie glucemia hemoglobin
  hémoglobine hemoglobina sodium potassium creatinine créatinine creatinina cholesterol
  cholestérol colesterol protein protéine proteína`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

// Vital signs, labelled or recognisable by their unit.
const LEAD = String.raw`(?<![\p{L}\p{N}])`;
const JOIN = String.raw`\s*(?:of|de|:|=|was|is|was measured at|à|a|est|es|de)?\s*`;
const VITALS: readonly RegExp[] = [
  new RegExp(
    String.raw`${LEAD}(?:BP|blood pressure|TA|PA|tension artérielle|pression artérielle|tension|presión arterial|tensión arterial)${JOIN}\d{1,3}\s?\/\s?\d{1,3}(?:\s?(?:mm|cm)\s?Hg)?`,
    'giu',
  ),
  new RegExp(
    String.raw`${LEAD}(?:HR|heart rate|pulse|FC|fréquence cardiaque|frecuencia cardíaca|frecuencia cardiaca|pouls|pulso)${JOIN}\d{2,3}(?:\s?(?:bpm|\/min|lpm|bat\/min|battements\/min|latidos\/min|lat\/min))?`,
    'giu',
  ),
  new RegExp(
    String.raw`${LEAD}(?:temp|temperature|température|temperatura|T°|T)${JOIN}\d{2,3}(?:[.,]\d)?\s?°\s?[CF]`,
    'giu',
  ),
  new RegExp(
    String.raw`${LEAD}(?:SpO2|SaO2|O2 sat|oxygen saturation|saturation en oxygène|saturation|saturación de oxígeno|saturación|sat)${JOIN}\d{2,3}\s?%(?:\s?(?:on room air|on RA|en air ambiant|à l'air ambiant|en aire ambiente|basal|sous \d+ ?L))?`,
    'giu',
  ),
  new RegExp(
    String.raw`${LEAD}(?:RR|respiratory rate|FR|fréquence respiratoire|frecuencia respiratoria)${JOIN}\d{1,2}(?:\s?(?:\/min|breaths\/min|rpm|cycles\/min|resp\/min))?`,
    'giu',
  ),
  new RegExp(String.raw`${LEAD}\d{2,3}\s?\/\s?\d{2,3}\s?mm\s?Hg`, 'giu'),
  new RegExp(String.raw`${LEAD}\d{2,3}\s?(?:bpm|lpm)(?![\p{L}])`, 'giu'),
  new RegExp(String.raw`${LEAD}\d{2,3}(?:[.,]\d)?\s?°\s?[CF](?![\p{L}])`, 'giu'),
];

const ALLERGIES: readonly RegExp[] = [
  /(?:no known (?:drug )?allerg(?:ies|y)|NKDA|NKA|denies (?:any )?(?:drug |medication )?allergies|no (?:drug )?allergies)/giu,
  /(?:pas d[’']allergies? (?:médicamenteuses? )?(?:connues?)?|aucune allergie(?: médicamenteuse)?(?: connue)?)/giu,
  /(?:sin alergias(?: medicamentosas)?(?: conocidas)?|niega alergias(?: medicamentosas)?(?: conocidas)?|no (?:tiene |presenta |refiere )?alergias(?: medicamentosas)?(?: conocidas)?|NAMC)/giu,
  /(?:allergic to|allergy to|allergies to|allergique (?:à|aux?)|allergie (?:à|aux?)|allergies (?:à|aux?)|alérgic[oa] a|alergia a|alergias a)\s*[^.;\n]+/giu,
];

interface Span {
  readonly start: number;
  readonly end: number;
}

/** Trims whitespace and a final period or comma; still a verbatim piece of the input. */
function clean(text: string): string {
  return text
    .trim()
    .replace(/[.,;:]+$/u, '')
    .trim();
}

/** Matches of `patterns` in `text` without overlaps (first pattern wins, then earlier, longer). */
function matches(text: string, patterns: readonly RegExp[]): Span[] {
  const spans: Span[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (!spans.some((other) => span.start < other.end && other.start < span.end))
        spans.push(span);
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

function medicationTail(text: string, from: number): number {
  const rest = text.slice(from);
  const stop = TAIL_END.exec(rest);
  const tail = stop ? rest.slice(0, stop.index) : rest;
  return tail.length <= 40 ? from + tail.length : from;
}

/** Medications with their dose in one sentence: verbatim pieces like `metformin 500 mg twice daily`. */
export function findMedications(text: string): string[] {
  const spans: Span[] = [];
  const add = (start: number, end: number): void => {
    if (!spans.some((other) => start < other.end && other.start < end)) spans.push({ start, end });
  };
  for (const match of text.matchAll(DOSE_OF_DRUG)) {
    if (NOT_DRUGS.has(match[1].toLowerCase())) continue;
    const end = match.index + match[0].length;
    add(match.index, medicationTail(text, end));
  }
  for (const match of text.matchAll(DRUG_DOSE)) {
    if (NOT_DRUGS.has(match[1].toLowerCase())) continue;
    const end = match.index + match[0].length;
    add(match.index, medicationTail(text, end));
  }
  return spans
    .sort((a, b) => a.start - b.start)
    .map(({ start, end }) => clean(text.slice(start, end)))
    .filter((item) => item.length > 0);
}

/** Vital signs in one sentence: `BP 120/80 mmHg`, `HR 72 bpm`, `38.5 °C`, `SpO2 97%`, `RR 16`. */
export function findVitals(text: string): string[] {
  return matches(text, VITALS).map(({ start, end }) => clean(text.slice(start, end)));
}

/** Allergy statements in one sentence: `allergic to penicillin`, `NKDA`, `sin alergias conocidas`. */
export function findAllergies(text: string): string[] {
  return matches(text, ALLERGIES).map(({ start, end }) => clean(text.slice(start, end)));
}

function emptySections(): Sections {
  return { reason: [], history: [], medications: [], allergies: [], vitals: [], plan: [] };
}

/** A note heading at the start of a sentence (`Allergies:`, `Motif de consultation :`). */
function noteHeader(sentence: string): { key: SectionKey; rest: string } | undefined {
  const match = /^([^:\n]{1,40}?)\s*:\s*(.*)$/su.exec(sentence);
  if (!match) return undefined;
  const key = HEADER_TO_SECTION.get(fold(match[1]).replace(/^[-*•#\s]+/u, ''));
  return key ? { key, rest: match[2] } : undefined;
}

/** Splits a list line of a headed section (`metformin 500 mg bid, lisinopril 10 mg`). */
function listItems(text: string): string[] {
  return text
    .split(/[;\n]|,(?!\d)/u)
    .map(clean)
    .filter((item) => item.length > 0);
}

/** The sections found in `text` (verbatim pieces, in order of appearance, without duplicates). */
export function extractSections(text: string): Sections {
  const sections = emptySections();
  const push = (key: SectionKey, item: string): void => {
    const value = clean(item.replace(/^[-*•]\s*/u, ''));
    if (value.length > 0 && !sections[key].includes(value)) sections[key].push(value);
  };

  let context: SectionKey | undefined;
  for (const { text: raw } of splitSentences(text)) {
    let sentence = raw;
    const header = noteHeader(raw);
    if (header) {
      context = header.key;
      sentence = header.rest;
      if (sentence.trim().length === 0) continue;
    }
    const medications = findMedications(sentence);
    const vitals = findVitals(sentence);
    const allergies = findAllergies(sentence);
    for (const item of medications) push('medications', item);
    for (const item of vitals) push('vitals', item);
    for (const item of allergies) push('allergies', item);

    if (context === 'medications') {
      if (medications.length === 0) for (const item of listItems(sentence)) push(context, item);
      continue;
    }
    if (context === 'allergies') {
      if (allergies.length === 0) for (const item of listItems(sentence)) push(context, item);
      continue;
    }
    if (context === 'vitals') {
      if (vitals.length === 0) push(context, sentence);
      continue;
    }
    if (context) {
      push(context, sentence);
      continue;
    }

    const lower = sentence.toLowerCase();
    if (REASON_CUES.test(lower)) push('reason', sentence);
    else if (PLAN_CUES.test(lower)) push('plan', sentence);
    else if (HISTORY_CUES.test(lower)) push('history', sentence);
    else if (medications.length + vitals.length + allergies.length === 0) push('history', sentence);
  }
  return sections;
}

/** Renders sections as text: a heading line per non-empty section, then `- ` bullet lines. */
export function renderSections(sections: Sections, headings: Headings): string {
  return SECTION_ORDER.filter((key) => sections[key].length > 0)
    .map((key) => [`${headings[key]}:`, ...sections[key].map((item) => `- ${item}`)].join('\n'))
    .join('\n\n');
}

/** Structured summaries in a target language, translating through an injected function. */
export class StructuredSummarizer {
  /**
   * Summarizes `text` (written in `source`) into sections written in `target`: headings from the
   * tables (translated from English for other targets), content translated when the languages differ.
   */
  async summarize(
    text: string,
    source: SummaryLanguageRef,
    target: SummaryLanguageRef,
    translate: TranslateFn,
  ): Promise<string> {
    const sections = extractSections(text);
    const headings = await this.headings(target, translate);
    if (source.code === target.code) return renderSections(sections, headings);

    const translated = emptySections();
    await Promise.all(
      SECTION_ORDER.map(async (key) => {
        translated[key] = await Promise.all(
          sections[key].map(async (item) => clean(await translate(item, source.code, target.code))),
        );
      }),
    );
    return renderSections(translated, headings);
  }

  private async headings(target: SummaryLanguageRef, translate: TranslateFn): Promise<Headings> {
    const table = HEADINGS[target.iso6391];
    if (table) return table;
    const entries = await Promise.all(
      SECTION_ORDER.map(
        async (key) =>
          [key, clean(await translate(HEADINGS.en[key], ENGLISH_CODE, target.code))] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<SectionKey, string>;
  }
}
