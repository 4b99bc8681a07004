import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { missingNumbers } from '../../../language/medical-tokens.js';
import {
  LayLanguageParaphraser,
  SUPPORTED_PARAPHRASE_LANGUAGES,
  UnsupportedParaphraseLanguageError,
  type ParaphraseLanguage,
} from './lay-language-paraphraser.js';
import { termsOf, type LexiconEntry } from './lexicon-entry.js';
import { EN_LEXICON } from './lexicon.en.js';
import { ES_LEXICON } from './lexicon.es.js';
import { FR_LEXICON } from './lexicon.fr.js';
import { negationCount } from './negations.js';
import type { AgeCategory, PatientGender } from '../../../language/speech-settings.js';

interface FixtureSentence {
  readonly text: string;
  readonly gone: readonly string[];
  readonly present: readonly string[];
  readonly numbers: readonly string[];
}

const fixture = (language: ParaphraseLanguage): FixtureSentence[] =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../../../test/fixtures/llm/paraphrase/${language}.json`, import.meta.url),
        'utf8',
      ),
    ) as { sentences: FixtureSentence[] }
  ).sentences;

const LEXICONS: Record<ParaphraseLanguage, readonly LexiconEntry[]> = {
  en: EN_LEXICON,
  fr: FR_LEXICON,
  es: ES_LEXICON,
};
const AGES: readonly AgeCategory[] = ['child', 'adolescent', 'adult', 'senior'];
const paraphraser = new LayLanguageParaphraser();
const run = (
  text: string,
  language: string,
  ageCategory: AgeCategory = 'adult',
  gender: PatientGender = 'male',
) => paraphraser.paraphrase(text, { language, gender, ageCategory });

describe.each(SUPPORTED_PARAPHRASE_LANGUAGES)('lexicon %s', (language) => {
  const lexicon = LEXICONS[language];

  it('has at least 300 entries, no duplicate term and no digit in a term', () => {
    expect(lexicon.filter((entry) => !entry.childOnly).length).toBeGreaterThanOrEqual(300);
    const terms = lexicon.flatMap((entry) => termsOf(entry).map((t) => t.toLowerCase()));
    expect(terms.filter((t, i) => terms.indexOf(t) !== i)).toEqual([]);
    expect(terms.filter((t) => /\d/.test(t))).toEqual([]);
  });

  it('never rewrites a plain or child wording again (idempotent)', () => {
    const unstable: string[] = [];
    for (const entry of lexicon) {
      for (const age of AGES) {
        for (const wording of [entry.plain, entry.feminine, entry.child, entry.childFeminine]) {
          if (wording && run(wording, language, age) !== wording)
            unstable.push(`${age}: ${wording}`);
        }
      }
    }
    expect(unstable).toEqual([]);
  });
});

describe.each(SUPPORTED_PARAPHRASE_LANGUAGES)('paraphrase fixtures %s', (language) => {
  const sentences = fixture(language);

  it.each(sentences.map((s) => [s.text.slice(0, 40), s] as const))(
    'rewrites "%s…" keeping numbers and negations',
    (_label, sentence) => {
      for (const age of AGES) {
        const out = run(sentence.text, language, age);
        const lower = out.toLowerCase();
        for (const term of sentence.gone) expect(lower).not.toContain(term.toLowerCase());
        for (const number of sentence.numbers) expect(out).toContain(number);
        expect(missingNumbers(sentence.text, out)).toEqual([]);
        expect(negationCount(out, language)).toBeGreaterThanOrEqual(
          negationCount(sentence.text, language),
        );
        expect(run(out, language, age)).toBe(out);
      }
      const adult = run(sentence.text, language, 'adult').toLowerCase();
      for (const word of sentence.present) expect(adult).toContain(word.toLowerCase());
    },
  );

  it('gives children different wordings than adults, and seniors never the child wording', () => {
    const withChild = LEXICONS[language].filter((e) => e.child && e.child !== e.plain);
    let differing = 0;
    for (const sentence of sentences) {
      const child = run(sentence.text, language, 'child');
      const adult = run(sentence.text, language, 'adult');
      const senior = run(sentence.text, language, 'senior');
      if (child !== adult) differing++;
      for (const entry of withChild) {
        const childWording = entry.child!.toLowerCase();
        if (
          !entry.plain.toLowerCase().includes(childWording) &&
          !adult.toLowerCase().includes(childWording) &&
          child.toLowerCase().includes(childWording)
        ) {
          expect(senior.toLowerCase()).not.toContain(childWording);
        }
      }
    }
    expect(differing).toBeGreaterThanOrEqual(5);
  });
});

describe('LayLanguageParaphraser', () => {
  it('replaces the longest match, whole words only, and keeps sentence-start capitals', () => {
    expect(run('Myocardial infarction was ruled out.', 'en')).toBe('Heart attack was ruled out.');
    expect(run('Signs of hypertensionism and hypertension.', 'en')).toBe(
      'Signs of hypertensionism and high blood pressure.',
    );
    expect(run('HYPERTENSION.', 'en')).toBe('High blood pressure.');
    expect(run("L'hypertension artérielle est stable.", 'fr')).toBe(
      'La tension trop élevée est stable.',
    );
    expect(run('La hipertensión está controlada.', 'es')).toBe(
      'La presión arterial alta está controlada.',
    );
  });

  it('fixes articles and elision for the new words', () => {
    expect(run('Give him an analgesic.', 'en')).toBe('Give him a painkiller.');
    expect(run('Il a une dyspnée.', 'fr')).toBe('Il a un essoufflement.');
    expect(run("Signes d'hypertension.", 'fr')).toBe('Signes de tension trop élevée.');
    expect(run('Le duele el abdomen.', 'es')).toBe('Le duele la barriga.');
  });

  it('uses simple verbs and short sentences for children only', () => {
    const text =
      'We will administer the analgesic after lunch, and you should drink plenty of water with it.';
    expect(run(text, 'en', 'child')).toBe(
      'We will give the medicine for pain after lunch. You should drink plenty of water with it.',
    );
    expect(run(text, 'en', 'adult')).toBe(
      'We will administer the painkiller after lunch, and you should drink plenty of water with it.',
    );
  });

  it('makes the adjectives describing the listener agree in French and Spanish', () => {
    expect(run('Vous êtes fatigué ?', 'fr', 'adult', 'female')).toBe('Vous êtes fatiguée ?');
    expect(run('Vous êtes fatiguée ?', 'fr', 'adult', 'male')).toBe('Vous êtes fatigué ?');
    expect(run('Vous êtes asthénique.', 'fr', 'adult', 'female')).toBe('Vous êtes fatiguée.');
    expect(run('Vous êtes asthénique.', 'fr', 'adult', 'male')).toBe('Vous êtes fatigué.');
    expect(run('¿Está cansado?', 'es', 'adult', 'female')).toBe('¿Está cansada?');
    expect(run('Usted está muy mareada.', 'es', 'adult', 'male')).toBe('Usted está muy mareado.');
    expect(run('Usted está asténica.', 'es', 'adult', 'male')).toBe('Usted está cansado.');
    // Not the listener: left as said.
    expect(run('Il est fatigué.', 'fr', 'adult', 'female')).toBe('Il est fatigué.');
  });

  it('addresses seniors formally where it is safe, and drops condescension', () => {
    expect(run("Tu n'as pas de fièvre, tu te sens fatigué ?", 'fr', 'senior', 'male')).toBe(
      "Vous n'avez pas de fièvre, vous vous sentez fatigué ?",
    );
    expect(run('¿Tienes fiebre? Tu presión es alta.', 'es', 'senior')).toBe(
      '¿Tiene fiebre? Su presión es alta.',
    );
    // An ambiguous `te` leaves the sentence as said.
    expect(run('Te voy a explicar.', 'es', 'senior')).toBe('Te voy a explicar.');
    expect(run('Take your pill, sweetie.', 'en', 'senior')).toBe('Take your pill.');
    expect(run('Tome la pastillita, cariño.', 'es', 'senior')).toBe('Tome la pastilla.');
    expect(run('Tu as de la fièvre.', 'fr', 'adult')).toBe('Tu as de la fièvre.');
  });

  it('keeps numbers, doses and negations exactly', () => {
    const text = 'Do not take more than 2 x 500 mg of analgesic, never with 1.5 L of alcohol.';
    const out = run(text, 'en', 'child');
    expect(missingNumbers(text, out)).toEqual([]);
    expect(out).toContain('not');
    expect(out).toContain('never');
    expect(run('Ne prenez jamais plus de 3 comprimés.', 'fr')).toBe(
      'Ne prenez jamais plus de 3 cachets.',
    );
    expect(run('No tome nunca más de 3 comprimidos sin comer.', 'es')).toBe(
      'No tome nunca más de 3 pastillas sin comer.',
    );
  });

  it('rejects an unsupported language with the supported list', () => {
    expect(() => run('Hola', 'de')).toThrow(UnsupportedParaphraseLanguageError);
    expect(() => run('Hola', 'de')).toThrow(/supported: en, fr, es/);
  });
});
