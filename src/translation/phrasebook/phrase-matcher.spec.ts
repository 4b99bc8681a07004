import { describe, expect, it } from '@jest/globals';
import type { PhraseLanguage } from './phrase-language.js';
import { fixturePhrasebook } from '../../../test/support/phrasebook.fixture.js';

const phrasebook = fixturePhrasebook();

/** The id and values of what `text` matched, or why it did not. */
function matchOf(text: string, language: PhraseLanguage): string {
  const outcome = phrasebook.match(text, language);
  if (!outcome.matched) return `none (${outcome.reason})`;
  const values = [...outcome.match.values].map(([type, v]) => `${type}=${v.id}`).join(' ');
  const adjunct = outcome.match.adjunct ? ` @${outcome.match.adjunct.id}` : '';
  return (values ? `${outcome.match.entry.id} ${values}` : outcome.match.entry.id) + adjunct;
}

/** Each text's match, compared all at once (a failure shows every case). */
function expectMatches(cases: readonly (readonly [string, PhraseLanguage, string])[]) {
  expect(cases.map(([text, language]) => matchOf(text, language))).toEqual(
    cases.map(([, , expected]) => expected),
  );
}

describe('LanguageMatcher', () => {
  it('matches a canonical sentence in each of the five languages', () => {
    expect(matchOf('Where does it hurt?', 'en')).toBe('pain.where');
    expect(matchOf('¿Le duele el brazo izquierdo?', 'es')).toBe(
      'pain.body-part body_part=arm.left',
    );
    expect(matchOf('Avez-vous mal à la jambe droite ?', 'fr')).toBe(
      'pain.body-part body_part=leg.right',
    );
    expect(matchOf('Está doendo o estômago?', 'pt-BR')).toBe('pain.body-part body_part=stomach');
    expect(matchOf('Le fa male il braccio destro?', 'it')).toBe(
      'pain.body-part body_part=arm.right',
    );
  });

  it('accepts other wordings, fillers, contractions and a recognizer’s lowercase without punctuation', () => {
    expectMatches([
      ['okay so where is the pain', 'en', 'pain.where'],
      ['Can you tell me where the pain is?', 'en', 'pain.where'],
      ['do you have any pain in your tummy', 'en', 'pain.body-part body_part=stomach'],
      ['est-ce que vous avez mal au bras gauche', 'fr', 'pain.body-part body_part=arm.left'],
      ["you don't have pain now?", 'en', 'none (no_phrase)'],
      ['bueno, ¿dónde tiene el dolor?', 'es', 'pain.where'],
      ['Please, can you tell me where the pain is?', 'en', 'pain.where'],
      // A request is the instruction; "Can you …" is not (it may ask whether the patient can).
      ["I'd like you to tell me where the pain is.", 'en', 'pain.where'],
      // What a recognizer writes: no apostrophe, no capitals; a question that leaves out "do you have".
      ['whats the pain like', 'en', 'none (no_phrase)'],
      ['any pain in your right leg', 'en', 'pain.body-part body_part=leg.right'],
      ['dont you have pain now', 'en', 'none (no_phrase)'],
      ["Have you got pain in this arm? I've got a question", 'en', 'none (no_phrase)'],
      ['have you got pain in your left arm', 'en', 'pain.body-part body_part=arm.left'],
    ]);
  });

  it('ignores emphasis, not demonstratives, and opens with "d’accord" or "de acuerdo"', () => {
    expectMatches([
      ['Where exactly is the pain?', 'en', 'pain.where'],
      ['¿Dónde tiene exactamente el dolor?', 'es', 'pain.where'],
      ['De acuerdo, ¿dónde tiene el dolor?', 'es', 'pain.where'],
      ["D'accord, avez-vous mal au bras gauche ?", 'fr', 'pain.body-part body_part=arm.left'],
      // Reassurance before a result adds nothing the result does not say.
      ['Good news, your temperature is high.', 'en', 'fever.temperature-high'],
      ['Buone notizie: ha la temperatura alta.', 'it', 'fever.temperature-high'],
      // Brazilian "tá, e …" opens a question; "tá" alone is "está" ("Tá doendo?").
      ['Tá, e onde está doendo?', 'pt-BR', 'pain.where'],
      ['Tá doendo o braço direito?', 'pt-BR', 'none (no_phrase)'],
      ['Tá, onde está doendo?', 'pt-BR', 'pain.where'],
      // "Right," opens; "right" without its comma may be a side.
      ['Right, does your leg hurt?', 'en', 'pain.body-part body_part=leg'],
      ['right does your leg hurt', 'en', 'none (no_phrase)'],
      ['Le fa male esattamente il braccio destro?', 'it', 'pain.body-part body_part=arm.right'],
      // "This hospital" is not "hospital", nor "this arm" (the one I point at) "your arm".
      ['Esse braço direito está doendo?', 'pt-BR', 'none (no_phrase)'],
      ['Does this arm hurt?', 'en', 'none (no_phrase)'],
      // Before a symptom, a demonstrative is the article: "this fever" is the patient's fever.
      ['¿Tiene esa fiebre?', 'es', 'fever.has symptom=fever'],
      ['Do you have this fever?', 'en', 'fever.has symptom=fever'],
      // Italian "gli" is "the" and "to him": "Gli fa male il braccio destro?" is about someone else.
      ['Gli fa male il braccio destro?', 'it', 'none (no_phrase)'],
      // Spanish "él" (he) keeps its accent: it is not the article "el".
      ['¿Él tiene fiebre?', 'es', 'none (no_phrase)'],
      // "now" is not emphasis: the translation says it ("Where does it hurt now?" asks about a change).
      ['Where exactly does it hurt now?', 'en', 'pain.where @now'],
    ]);
  });

  it('does not read "tell me if it hurts" (a signal asked for later) as "does it hurt?"', () => {
    expectMatches([
      ['Can you tell me if your arm hurts?', 'en', 'pain.body-part body_part=arm'],
      ['Tell me if your arm hurts.', 'en', 'none (no_phrase)'],
      ['Dígame si le duele el brazo izquierdo.', 'es', 'none (no_phrase)'],
      ['Mi dica se le fa male il braccio destro.', 'it', 'none (no_phrase)'],
    ]);
  });

  it('asks about a symptom said alone with a question mark, and tells a question from a statement by its punctuation', () => {
    expectMatches([
      ['¿Fiebre?', 'es', 'fever.has symptom=fever'],
      ['De la fièvre ?', 'fr', 'fever.has symptom=fever'],
      ['Febbre?', 'it', 'fever.has symptom=fever'],
      ['Fever?', 'en', 'fever.has symptom=fever'],
      ['Fever.', 'en', 'none (no_phrase)'],
      ['¿Tiene la temperatura alta?', 'es', 'fever.has symptom=fever'],
      ['Tiene la temperatura alta.', 'es', 'fever.temperature-high'],
      // Without punctuation only the words are left, and they say both.
      ['tiene la temperatura alta', 'es', 'none (ambiguous)'],
      ['Ha la temperatura alta?', 'it', 'fever.has symptom=fever'],
      // English asks by word order: a recognizer's period does not make a statement of it.
      ['Do you have a fever.', 'en', 'fever.has symptom=fever'],
    ]);
  });

  it('reads overlapping values every way: "3 years" as a duration, or a number before "years"', () => {
    expectMatches([
      ['Is your child 3 years old?', 'en', 'paediatrics.age number=3'],
      ['¿Su hijo tiene tres años?', 'es', 'paediatrics.age number=3'],
      ['Have you had the pain for 3 years?', 'en', 'pain.since duration=3.year'],
      // The same words naming two values: "temperature" is a symptom (fever) and a test.
      ["I'll measure your temperature.", 'en', 'tests.measure test=temperature'],
      ['Do you have a temperature?', 'en', 'fever.has symptom=fever'],
    ]);
  });

  it('carries a time said before or after a phrase into its translation, when no phrase says it all', () => {
    expectMatches([
      [
        '¿Le duele el brazo izquierdo desde anoche?',
        'es',
        'pain.body-part body_part=arm.left @since-last-night',
      ],
      ['Since last night, where does it hurt?', 'en', 'pain.where @since-last-night'],
      ['Where does it hurt right now?', 'en', 'pain.where @now'],
      // "ahora" opens a question ("Ahora, ¿dónde…?"), but inside a value's name it is the value's.
      ['¿Dónde le duele ahora mismo?', 'es', 'pain.where @now'],
      // A phrase that says the time itself comes first.
      ['You have no pain now?', 'en', 'pain.no-pain-now'],
      // A time alone is no phrase, and a time inside the sentence is not an adjunct.
      ['Since last night?', 'en', 'none (no_phrase)'],
      ['Where since last night does it hurt?', 'en', 'none (no_phrase)'],
      // A phrase that says when itself takes no other time: not "ever … recently".
      ['Have you broken any bones?', 'en', 'past-history.fractures'],
      ['Have you broken any bones recently?', 'en', 'none (no_phrase)'],
    ]);
    const [match] = phrasebook.matchUtterance(
      'Avez-vous mal au bras gauche depuis hier soir ?',
      'fr',
    )!;
    expect(phrasebook.render(match, 'es', undefined)).toBe(
      '¿Le duele el brazo izquierdo desde anoche?',
    );
    expect(phrasebook.render(match, 'fr', undefined)).toBe(
      'Avez-vous mal au bras gauche depuis hier soir ?',
    );
    expect(phrasebook.render(match, 'en', undefined)).toBe(
      'Does your left arm hurt since last night?',
    );
  });

  it('carries where a symptom is, said at the end, into the translation of a phrase that names no place', () => {
    expectMatches([
      ['Do you feel tingling in your left leg?', 'en', 'pain.tingling @leg.left'],
      ['¿Siente hormigueo en la pierna izquierda?', 'es', 'pain.tingling @leg.left'],
      ['Sentez-vous des fourmillements dans la jambe gauche ?', 'fr', 'pain.tingling @leg.left'],
      // "aux" / "nos" / "alla": the preposition is inside the body part's own form.
      ['Sentez-vous des fourmillements aux yeux ?', 'fr', 'pain.tingling @eyes'],
      ['A senhora sente formigamento na perna esquerda?', 'pt-BR', 'pain.tingling @leg.left'],
      ['Sente formicolio alla gamba sinistra?', 'it', 'pain.tingling @leg.left'],
      // Only after a phrase that names a symptom, only at the end, and never a second place.
      ['Are you tired in your left leg?', 'en', 'none (no_phrase)'],
      ['In your left leg, do you feel tingling?', 'en', 'none (no_phrase)'],
      ['Does your left arm hurt in your leg?', 'en', 'none (no_phrase)'],
      ['Do you feel tingling on your left leg?', 'en', 'none (no_phrase)'],
    ]);
    const outcome = phrasebook.match('Do you feel tingling in your left leg?', 'en');
    if (!outcome.matched) throw new Error('no match');
    expect(phrasebook.render(outcome.match, 'es', undefined)).toBe(
      '¿Siente hormigueo en la pierna izquierda?',
    );
    // French and Italian say where a symptom is with "à" / "a".
    expect(phrasebook.render(outcome.match, 'fr', undefined)).toBe(
      'Sentez-vous des fourmillements à la jambe gauche ?',
    );
    expect(phrasebook.render(outcome.match, 'it', undefined)).toBe(
      'Sente formicolio alla gamba sinistra?',
    );
  });

  it('reads values of one type said as alternatives ("a fever or tingling") as one value', () => {
    expectMatches([
      ['Do you have a fever or tingling?', 'en', 'fever.has symptom=fever+tingling'],
      ['¿Tiene fiebre o hormigueo?', 'es', 'fever.has symptom=fever+tingling'],
      ['Avez-vous de la fièvre ou des fourmillements ?', 'fr', 'fever.has symptom=fever+tingling'],
      ['Tem febre ou formigamento?', 'pt-BR', 'fever.has symptom=fever+tingling'],
      // Said alone, alternatives are asked about like one symptom.
      ['Febbre o formicolio?', 'it', 'fever.has symptom=fever+tingling'],
      [
        'Are you allergic to penicillin or ibuprofen?',
        'en',
        'medication.allergic-to drug=penicillin+ibuprofen',
      ],
      [
        'Does your left arm or your right leg hurt?',
        'en',
        'pain.body-part body_part=arm.left+leg.right',
      ],
      // Only a run an "or" closes, of one type, of different values: "and" asks about both.
      ['Do you have a fever and tingling?', 'en', 'none (no_phrase)'],
      ['Are you allergic to penicillin or anything else?', 'en', 'none (no_phrase)'],
      ['Does your left arm or your left arm hurt?', 'en', 'none (no_phrase)'],
    ]);
  });

  it('reads values: durations in words or digits, doses with frequencies, drugs', () => {
    expect(matchOf('have you had the pain for three days', 'en')).toBe('pain.since duration=3.day');
    expect(matchOf('Have you had the pain for 2 weeks?', 'en')).toBe('pain.since duration=2.week');
    expect(matchOf('¿Tiene el dolor desde hace una semana?', 'es')).toBe(
      'pain.since duration=1.week',
    );
    expect(matchOf('take 500 mg twice a day', 'en')).toBe(
      'treatment.take-dose dose=500.mg frequency=twice-a-day',
    );
    expect(matchOf('take two tablets two times a day', 'en')).toBe(
      'treatment.take-dose dose=2.tablet frequency=twice-a-day',
    );
    expect(matchOf('Are you allergic to penicillin?', 'en')).toBe(
      'medication.allergic-to drug=penicillin',
    );
    expect(matchOf('¿Es usted alérgica a la penicilina?', 'es')).toBe(
      'medication.allergic-to drug=penicillin',
    );
  });

  it('refuses a near miss: a side, a negation, a number, a body part or a time the phrase does not carry', () => {
    // The phrase has no side of its own: a side it cannot say is a word left over.
    expect(matchOf('Does your arm hurt on the left?', 'en')).toMatch(/^none/);
    expect(matchOf('Does your arm not hurt?', 'en')).toMatch(/^none/);
    expect(matchOf("Doesn't it hurt?", 'en')).toMatch(/^none/);
    expect(matchOf('Where does it hurt now and then?', 'en')).toMatch(/^none/);
    expect(matchOf('Where does it hurt at night?', 'en')).toMatch(/^none/);
    expect(matchOf('Does your arm hurt when you walk?', 'en')).toMatch(/^none/);
    expect(matchOf('Take 500 mg twice a day for 3 days.', 'en')).toMatch(/^none/);
    expect(matchOf('Does his arm hurt?', 'en')).toMatch(/^none/);
    expect(matchOf('¿No le duele el brazo?', 'es')).toMatch(/^none/);
    expect(matchOf('Avez-vous mal aux deux bras ?', 'fr')).toMatch(/^none/);
  });

  it('tells a question from a statement by English word order, whatever the punctuation', () => {
    expectMatches([
      ['Your temperature is high.', 'en', 'fever.temperature-high'],
      // A recognizer's period after a question: still a question, so not the statement.
      ['Is your temperature high.', 'en', 'none (no_phrase)'],
      ['Where is the pain.', 'en', 'pain.where'],
      // After "tell me", a question word asks or instructs: whichever phrase fits.
      ['Tell me where the pain is.', 'en', 'pain.where'],
    ]);
  });

  it('tells a question from a statement: "You have pain" is not "Do you have pain?"', () => {
    expect(matchOf('You have pain in your left arm.', 'en')).toMatch(/^none/);
    expect(matchOf('can you tell me if you have pain in your left arm', 'en')).toBe(
      'pain.body-part body_part=arm.left',
    );
  });

  it('keeps the order of values: from the stomach to the arm is not from the arm to the stomach', () => {
    expect(matchOf('Does the pain spread from your stomach to your arm?', 'en')).toBe(
      'pain.spreads-to-arm body_part=stomach',
    );
    expect(matchOf('Does the pain spread from your arm to your stomach?', 'en')).toMatch(/^none/);
    expect(matchOf('¿El dolor se extiende desde el brazo hasta el estómago?', 'es')).toMatch(
      /^none/,
    );
  });

  it('refuses a number or a side said in place of the one of the phrase', () => {
    const since = phrasebook.match('have you had the pain for 3 days', 'en');
    expect(since.matched && since.match.values.get('duration')?.id).toBe('3.day');
    const sided = phrasebook.match('does your right leg hurt', 'en');
    expect(sided.matched && sided.match.values.get('body_part')?.id).toBe('leg.right');
  });
});

describe('Phrasebook.render', () => {
  const render = (
    text: string,
    from: PhraseLanguage,
    to: PhraseLanguage,
    gender?: 'male' | 'female',
  ) => {
    const outcome = phrasebook.match(text, from);
    if (!outcome.matched) throw new Error(`no match for ${text}`);
    return phrasebook.render(outcome.match, to, gender);
  };

  it('contracts articles with prepositions as each language does', () => {
    expect(render('Does your left arm hurt?', 'en', 'fr')).toBe('Avez-vous mal au bras gauche ?');
    expect(render('Does your left leg hurt?', 'en', 'fr')).toBe(
      'Avez-vous mal à la jambe gauche ?',
    );
    expect(render('Does your stomach hurt?', 'en', 'fr')).toBe("Avez-vous mal à l'estomac ?");
    expect(render('Are you allergic to ibuprofen?', 'en', 'es', 'male')).toBe(
      '¿Es usted alérgico al ibuprofeno?',
    );
    expect(render('Are you allergic to penicillin?', 'en', 'it', 'female')).toBe(
      'È allergica alla penicillina?',
    );
    expect(render('Are you allergic to ibuprofen?', 'en', 'it', 'female')).toBe(
      "È allergica all'ibuprofene?",
    );
  });

  it('agrees with the patient, and shows both forms when the gender is not known', () => {
    expect(render('Are you tired?', 'en', 'es', 'female')).toBe('¿Está cansada?');
    expect(render('Are you tired?', 'en', 'pt-BR', 'male')).toBe('O senhor está cansado?');
    expect(render('Are you tired?', 'en', 'es')).toBe('¿Está cansado/a?');
    expect(render('Are you tired?', 'en', 'pt-BR')).toBe('O senhor / A senhora está cansado/a?');
  });

  it('joins alternatives with each language’s "or"', () => {
    expect(render('Do you have a fever or tingling?', 'en', 'es')).toBe(
      '¿Tiene fiebre u hormigueo?',
    );
    expect(render('Do you have a fever or tingling?', 'en', 'fr')).toBe(
      'Avez-vous de la fièvre ou des fourmillements ?',
    );
    expect(render('Are you allergic to penicillin or ibuprofen?', 'en', 'it', 'female')).toBe(
      "È allergica alla penicillina o all'ibuprofene?",
    );
  });

  it('takes no alternatives where a word agrees with them: "hinchado el brazo o la pierna" has no right form', () => {
    expect(matchOf('Is your left arm or your left leg swollen?', 'en')).toBe('none (no_phrase)');
    expect(matchOf('¿Tiene hinchados el brazo izquierdo o la pierna izquierda?', 'es')).toBe(
      'none (no_phrase)',
    );
  });

  it('agrees with a value: gender and number of the body part', () => {
    expect(render('Is your left leg swollen?', 'en', 'es')).toBe(
      '¿Tiene hinchada la pierna izquierda?',
    );
    expect(render('Is your stomach swollen?', 'en', 'pt-BR')).toBe('O estômago está inchado?');
  });
});
