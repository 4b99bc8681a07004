/**
 * The sections of a structured summary (reason for visit, symptoms and history, medications,
 * allergies, vital signs, plan) read from clinical text: headed notes such as `Allergies: …` and
 * free prose with cue words. Every item is a verbatim piece of the input.
 */
import { clean, findAllergies, findMedications, findVitals } from './clinical-spans.js';
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

export type Headings = Readonly<Record<SectionKey, string>>;

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

export function emptySections(): Sections {
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
