/**
 * Medications with their dose, vital signs and allergy statements in one sentence of clinical
 * text (English, French, Spanish), as verbatim pieces of it: what the structured summary lists.
 */

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
export function clean(text: string): string {
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
