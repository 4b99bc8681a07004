import { Phrasebook } from '../../src/translation/phrasebook/phrasebook.js';
import { YamlSource } from '../../src/translation/phrasebook/yaml-source.js';
import { fixtureAnswers, fixtureTargetBooks } from './target-book.fixture.js';

/** A few phrases of each kind the matcher must handle: literal, with a value, agreeing. */
export const FIXTURE_PHRASES = `domain: pain
phrases:
  - id: pain.where
    en: "Where does it hurt?"
    es: "¿Dónde le duele?"
    fr: "Où avez-vous mal ?"
    pt-BR: "Onde está doendo?"
    it: "Dove le fa male?"
    also:
      en:
        - "Where is the pain?"
      es:
        - "¿Dónde tiene el dolor?"
  - id: pain.body-part
    en: "Does your $body_part hurt?"
    es: "¿Le duele $body_part.the?"
    fr: "Avez-vous mal $body_part.to_the ?"
    pt-BR: "Está doendo $body_part.the?"
    it: "Le fa male $body_part.the?"
    also:
      en:
        - "Do you have pain in your $body_part?"
      fr:
        - "Est-ce que vous avez mal $body_part.to_the ?"
  - id: pain.swollen
    en: "Is your $body_part swollen?"
    es: "¿Tiene <hinchado|hinchada|hinchados|hinchadas@body_part> $body_part.the?"
    fr: "Avez-vous $body_part.the <enflé|enflée|enflés|enflées@body_part> ?"
    pt-BR: "$body_part.the está <inchado|inchada|inchados|inchadas@body_part>?"
    it: "$body_part.the è <gonfio|gonfia|gonfi|gonfie@body_part>?"
    plain:
      en: "Is your $body_part bigger than usual?"
      es: "¿Tiene $body_part.the más grande de lo normal?"
  - id: pain.spreads-to-arm
    en: "Does the pain spread from your $body_part to your arm?"
    es: "¿El dolor se extiende desde $body_part.the hasta el brazo?"
    fr: "La douleur va-t-elle $body_part.of_the jusqu'au bras ?"
    pt-BR: "A dor vai $body_part.of_the até o braço?"
    it: "Il dolore va $body_part.of_the fino al braccio?"
  - id: pain.since
    en: "Have you had the pain for $duration?"
    es: "¿Tiene el dolor desde hace $duration?"
    fr: "Avez-vous mal depuis $duration ?"
    pt-BR: "Está com dor há $duration?"
    it: "Ha dolore da $duration?"
  - id: pain.no-pain-now
    en: "You have no pain now?"
    es: "¿Ahora no tiene dolor?"
    fr: "Vous n'avez plus mal ?"
    pt-BR: "Agora não tem dor?"
    it: "Adesso non ha dolore?"
  - id: pain.tingling
    en: "Do you feel tingling?"
    es: "¿Siente hormigueo?"
    fr: "Sentez-vous des fourmillements ?"
    pt-BR: "<O senhor|A senhora> sente formigamento?"
    it: "Sente formicolio?"
  - id: pain.tired
    en: "Are you tired?"
    es: "¿Está <cansado|cansada>?"
    fr: "Êtes-vous <fatigué|fatiguée> ?"
    pt-BR: "<O senhor|A senhora> está <cansado|cansada>?"
    it: "È <stanco|stanca>?"
  - id: medication.allergic-to
    en: "Are you allergic to $drug?"
    es: "¿Es usted <alérgico|alérgica> $drug.to_the?"
    fr: "Êtes-vous <allergique|allergique> $drug.to_the ?"
    pt-BR: "<O senhor|A senhora> é <alérgico|alérgica> $drug.to_the?"
    it: "È <allergico|allergica> $drug.to_the?"
  - id: fever.has
    en: "Do you have $symptom.have?"
    es: "¿Tiene $symptom.have?"
    fr: "Avez-vous $symptom.have ?"
    pt-BR: "<O senhor|A senhora> tem $symptom.have?"
    it: "Ha $symptom.have?"
  - id: fever.temperature-high
    en: "Your temperature is high."
    es: "Tiene la temperatura alta."
    fr: "Votre température est élevée."
    pt-BR: "A sua temperatura está alta."
    it: "Ha la temperatura alta."
  - id: paediatrics.age
    en: "Is your child $number years old?"
    es: "¿Su hijo tiene $number años?"
    fr: "Votre enfant a-t-il $number ans ?"
    pt-BR: "Seu filho tem $number anos?"
    it: "Suo figlio ha $number anni?"
  - id: tests.measure
    en: "I will measure your $test."
    es: "Voy a medirle $test.the."
    fr: "Je vais mesurer $test.the."
    pt-BR: "Vou medir $test.the."
    it: "Le misuro $test.the."
  - id: past-history.fractures
    en: "Have you ever broken a bone?"
    es: "¿Se ha roto alguna vez un hueso?"
    fr: "Vous êtes-vous déjà cassé un os ?"
    pt-BR: "Já quebrou algum osso?"
    it: "Si è mai rotto un osso?"
    also:
      en:
        - "Have you broken any bones?"
  - id: treatment.take-dose
    en: "Take $dose $frequency."
    es: "Tome $dose $frequency."
    fr: "Prenez $dose $frequency."
    pt-BR: "Tome $dose $frequency."
    it: "Prenda $dose $frequency."
`;

export const FIXTURE_VALUES = [
  `type: body_part
values:
  - id: arm
    sided: true
    en: "arm"
    es: "el brazo"
    fr: "le bras"
    pt-BR: "o braço"
    it: "il braccio"
  - id: leg
    sided: true
    en: "leg"
    es: "la pierna"
    fr: "la jambe"
    pt-BR: "a perna"
    it: "la gamba"
  - id: stomach
    en: "stomach"
    es: "el estómago"
    fr: "l'estomac|m"
    pt-BR: "o estômago"
    it: "lo stomaco"
    also:
      en:
        - "tummy"
  - id: eyes
    en: "eyes"
    es: "los ojos"
    fr: "les yeux|m"
    pt-BR: "os olhos"
    it: "gli occhi"
`,
  `type: drug
values:
  - id: penicillin
    en: "penicillin"
    es: "la penicilina"
    fr: "la pénicilline"
    pt-BR: "a penicilina"
    it: "la penicillina"
  - id: ibuprofen
    en: "ibuprofen"
    es: "el ibuprofeno"
    fr: "l'ibuprofène|m"
    pt-BR: "o ibuprofeno"
    it: "l'ibuprofene|m"
`,
  `type: symptom
values:
  - id: fever
    en: { bare: "fever", have: "a fever" }
    es: "la fiebre"
    fr: { the: "la fièvre", have: "de la fièvre" }
    pt-BR: "a febre"
    it: "la febbre"
    also:
      en:
        - "temperature"
      es:
        - "la temperatura alta"
      it:
        - "la temperatura alta"
  - id: tingling
    en: "tingling"
    es: "el hormigueo"
    fr: { the: "les fourmillements|m", have: "des fourmillements" }
    pt-BR: "o formigamento"
    it: { the: "il formicolio", have: "formicolio" }
`,
  `type: test
values:
  - id: temperature
    en: "temperature"
    es: "la temperatura"
    fr: "la température"
    pt-BR: "a temperatura"
    it: "la temperatura"
`,
  `type: when
values:
  - id: since-last-night
    en: "since last night"
    es: "desde anoche"
    fr: "depuis hier soir"
    pt-BR: "desde ontem à noite"
    it: "da ieri sera"
  - id: recently
    en: "recently"
    es: "últimamente"
    fr: "récemment"
    pt-BR: "ultimamente"
    it: "di recente"
  - id: now
    en: "now"
    es: "ahora"
    fr: "maintenant"
    pt-BR: "agora"
    it: "adesso"
    also:
      en:
        - "right now"
      es:
        - "ahora mismo"
`,
  `type: frequency
values:
  - id: twice-a-day
    en: "twice a day"
    es: "dos veces al día"
    fr: "deux fois par jour"
    pt-BR: "duas vezes por dia"
    it: "due volte al giorno"
    also:
      en:
        - "two times a day"
`,
];

/**
 * The fixture phrasebook, with a hospital's overlay (YAML text) when given; `withTargets`: with
 * Russian and Vietnamese as languages it writes to, and answers by touch (issue 32).
 */
export function fixturePhrasebook(overlay?: string, withTargets = false): Phrasebook {
  return Phrasebook.build(
    [new YamlSource('pain.yaml', FIXTURE_PHRASES)],
    FIXTURE_VALUES.map((text, i) => new YamlSource(`values-${i}.yaml`, text)),
    overlay === undefined ? undefined : new YamlSource('hospital-phrases.yaml', overlay),
    withTargets
      ? { targets: fixtureTargetBooks(), targetsDir: 'targets', answers: fixtureAnswers() }
      : {},
  );
}
