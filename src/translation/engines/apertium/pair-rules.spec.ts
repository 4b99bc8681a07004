import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LanguageCatalog } from '../../../language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';
import { ApertiumEngine } from './apertium.engine.js';
import { PairRules } from './pair-rules.js';

const catalog = new LanguageCatalog();
const language = (code: string) => catalog.findByCode(code) as CatalogLanguage;

describe('PairRules.apply', () => {
  const rules = new PairRules(
    {
      disambiguation: { spa: 'spa.rlx.bin', ita: 'ita.rlx.bin' },
      selection: { 'spa-eng': 'spa-eng.lrx.bin' },
      sourceConstructions: { spa: 'spa.source.sed', 'spa-eng': 'spa-eng.source.sed' },
      targetConstructions: { eng: 'eng.target.sed' },
    },
    new URL('file:///srv/app/build/apertium-rules/'),
  );
  const spaEng =
    "lt-proc -z 'a/spa-eng.automorf.bin' | apertium-tagger -z -g $2 'p' | apertium-pretransfer -z | lt-proc -z -b 'a/spa-eng.autobil.bin' | lrx-proc -z -m 'l' | apertium-transfer -z -b 't' | lt-proc -z $1 'g'";

  it('puts each rule file at its place in a mode from and into its languages', () => {
    expect(rules.apply('spa-eng', 'spa_Latn', 'eng_Latn', spaEng)).toBe(
      "lt-proc -z 'a/spa-eng.automorf.bin' | cg-proc -z '/srv/app/build/apertium-rules/spa.rlx.bin' | apertium-tagger -z -g $2 'p' " +
        "| sed -u -z -E -f '/srv/app/build/apertium-rules/spa.source.sed' | sed -u -z -E -f '/srv/app/build/apertium-rules/spa-eng.source.sed' " +
        "| apertium-pretransfer -z | lt-proc -z -b 'a/spa-eng.autobil.bin' | lrx-proc -z '/srv/app/build/apertium-rules/spa-eng.lrx.bin' " +
        "| lrx-proc -z -m 'l' | apertium-transfer -z -b 't' | sed -u -z -E -f '/srv/app/build/apertium-rules/eng.target.sed' | lt-proc -z $1 'g'",
    );
  });

  it("runs a grammar before the pair's own, with -w where the analyser keeps the dictionary's case", () => {
    const itaSpa =
      "lt-proc -z -w 'a' | apertium-wblank-attach | cg-proc -z -w 'own.rlx.bin' | apertium-tagger -z -g $2 'p' | apertium-pretransfer -z";
    expect(rules.apply('ita-spa', 'ita_Latn', 'spa_Latn', itaSpa)).toBe(
      "lt-proc -z -w 'a' | apertium-wblank-attach | cg-proc -z -w '/srv/app/build/apertium-rules/ita.rlx.bin' | cg-proc -z -w 'own.rlx.bin' | apertium-tagger -z -g $2 'p' | apertium-pretransfer -z",
    );
  });

  it('leaves out the kinds of rules it is asked to', () => {
    const onlySelection = rules.without([
      'sourceText',
      'disambiguation',
      'sourceConstructions',
      'targetConstructions',
    ]);
    expect(onlySelection.size).toBe(1);
    expect(onlySelection.apply('spa-eng', 'spa_Latn', 'eng_Latn', spaEng)).toContain(
      "lrx-proc -z '/srv/app/build/apertium-rules/spa-eng.lrx.bin'",
    );
    expect(onlySelection.apply('spa-eng', 'spa_Latn', 'eng_Latn', spaEng)).not.toContain('cg-proc');
  });

  it('leaves a mode without rules as it is, and all of them without a manifest', () => {
    const frEs = "lt-proc -z 'a' | apertium-tagger -z -g $2 'p' | apertium-pretransfer -z";
    expect(rules.apply('fr-es', 'fra_Latn', 'spa_Latn', frEs)).toBe(frEs);
    expect(PairRules.load(new URL('file:///nonexistent/')).size).toBe(0);
    expect(new PairRules().apply('spa-eng', 'spa_Latn', 'eng_Latn', spaEng)).toBe(spaEng);
  });
});

/**
 * The rules of rules/ in Debian's pairs, as the service runs them (the set-up compiles them): each
 * example came out wrong without them. Through the engine alone, without the terms table.
 */
describe('the pairs with their added rules', () => {
  const withRules = new ApertiumEngine('/usr/share/apertium', undefined, PairRules.load());
  const without = new ApertiumEngine('/usr/share/apertium', undefined, new PairRules());
  beforeAll(() => Promise.all([withRules.onModuleInit(), without.onModuleInit()]), 60_000);
  afterAll(() => {
    withRules.onModuleDestroy();
    without.onModuleDestroy();
  });

  const translate = (engine: ApertiumEngine, text: string, from: string, to = 'eng_Latn') =>
    engine.translate(
      { text, source: language(from), target: language(to) },
      AbortSignal.timeout(10_000),
    );

  it.each([
    // part of speech (spa.cg3): "tomo" is a verb, not the noun "volume"
    ['spa_Latn', 'Tengo diabetes y tomo metformina', /and take metformin/, /volume/],
    // sense (spa.cg3): sentir, not sentar, through the Spanish pivot
    ['por_Latn', 'Sinto formigamento nas mãos', /^I feel/, /seat/],
    // agreement (fra.cg3): "mon fils" is one son, not threads
    ['fra_Latn', 'Mon fils a une éruption', /^My son/, /thread/],
    // construction (spa-eng.source.sed): the part that hurts is the subject
    ['spa_Latn', 'Me duele la garganta', /^My throat hurts/, /hurts me/],
    ['spa_Latn', 'me duelen mucho los pies', /^my feet hurt a lot/i, /hurt me/],
    // construction (spa.target.sed, then spa-eng.source.sed): fare male
    ['ita_Latn', 'Mi fa male il ginocchio', /^My knee hurts/, /does me/],
    // construction (por.source.sed): estar com + a symptom is "have"; costumar is "usually"
    ['por_Latn', 'Estou com febre', /^I have a fever/, /with/],
    ['por_Latn', 'Minha pressão costuma ser alta', /usually is high/, /accustom|tall/],
    // spoken Portuguese (por.text.sed): "tá" is "está"
    ['por_Latn', 'meu filho tá com diarreia', /^my son has diarrh/i, /tá/],
    // reflexive clitic dropped (spa-eng.source.sed)
    ['spa_Latn', 'Desde ayer me siento muy cansada', /I feel very tired/, /feel me|seat me/],
    // a length of time is "for" (spa-eng.source.sed, ita-spa.target.sed)
    ['fra_Latn', 'Mon mari tousse depuis une semaine', /for a week/, /from a week/],
    ['ita_Latn', 'Ho la febbre da tre giorni', /for three days/, /of three days/],
    // the French partitive (fra.source.sed)
    ['fra_Latn', 'Je prends du paracétamol', /take paracetamol/i, /of the/],
    // part of speech (ita.cg3 with the lexicon's verb): "russa" snores after a noun
    ['ita_Latn', 'Mio marito russa tanto', /husband snore/, /Russian|hoarse/],
    // agreement (fra.cg3): after "je" the verb is the first person
    ['fra_Latn', 'Je ne fume pas', /^I do not smoke/, /I does not/],
    // constructions: "dejar de" / "smettere di" + infinitive (spa-eng.source.sed)
    ['spa_Latn', 'Dejé de tomar las pastillas', /stopped taking/, /left to take/],
    ['ita_Latn', 'Ho smesso di prendere le pastiglie', /stopped taking/, /left to take/],
    // "estar con" (spa.source.sed), "ficar" (por.source.sed), "ponerse" (spa-eng.source.sed)
    ['spa_Latn', 'estoy con fiebre', /I have a fever/, /with fever/],
    ['por_Latn', 'Fico cansada', /I am tired/, /remain/],
    ['spa_Latn', 'Me pongo muy nerviosa', /I am very nervous/, /put/],
    // "avoir du mal à" (fra.source.sed)
    ['fra_Latn', "J'ai du mal à respirer", /difficulty/, /harm|bad/],
    // spoken Spanish (spa.text.sed) and "a" before an ailment (spa-eng.target.sed)
    ['spa_Latn', 'Me falta el aire', /^I am out of breath/, /missing me/],
    ['fra_Latn', "J'ai mal à la tête", /head hurts|a headache/, /badly/],
    // how long it has lasted (spa-eng.source.sed, spa-eng.target.sed): present perfect, "for", "since"
    ['spa_Latn', 'Llevo dos días con fiebre', /^I have had a fever for two days/, /spend/],
    ['por_Latn', 'tenho diabetes há dez anos', /have had diabetes for ten years/, /ago/],
    ['spa_Latn', 'Tengo tos desde el lunes', /have had a cough since Monday/, /from the Monday/],
    // English as a recognizer writes it (eng.text.sed)
    ['eng_Latn', "i'm allergic to penicillin", /^Soy alérgico/, /^i /, 'spa_Latn'],
    // sense (spa-eng.lrx): a measure is high
    ['spa_Latn', 'La fiebre es muy alta', /high/, /tall/],
  ])('%s "%s"', async (from, text, right, wrong, to = 'eng_Latn') => {
    const fixed = await translate(withRules, text, from, to);
    expect(fixed).toMatch(right);
    expect(fixed).not.toMatch(wrong);
    expect(await translate(without, text, from, to)).toMatch(wrong);
  });

  // agreement (ita.cg3): "sono" with no subject is "I am", also when the terms table holds the
  // adjective that told it (a superblank the pair's own grammar cannot see).
  it('reads "sono" before a clinical term as "I am"', async () => {
    const text = 'Sono allergica alla penicillina';
    const fixedTerms = [
      { start: 5, end: 14, replacement: 'alérgica', source: 'builtin' as const, origin: 't:1' },
    ];
    const translateWithTerm = (engine: ApertiumEngine) =>
      engine.translate(
        { text, source: language('ita_Latn'), target: language('eng_Latn'), fixedTerms },
        AbortSignal.timeout(10_000),
      );
    expect(await translateWithTerm(withRules)).toMatch(/^I am alérgica/);
    expect(await translateWithTerm(without)).toMatch(/^They are/);
  });

  it('keeps what a rule must not touch', async () => {
    expect(await translate(withRules, 'Estou com o meu filho', 'por_Latn')).toMatch(/with my son/);
    expect(await translate(withRules, 'Soy alto', 'spa_Latn')).toMatch(/tall/);
    expect(await translate(withRules, 'Los niños son alérgicos', 'spa_Latn')).toMatch(
      /are allergic/,
    );
    expect(await translate(withRules, 'I bambini sono malati', 'ita_Latn')).toMatch(/are/);
    expect(await translate(withRules, 'Estoy con mi hija', 'spa_Latn')).toMatch(/with my daughter/);
    expect(await translate(withRules, 'Il fume beaucoup', 'fra_Latn')).toMatch(/smokes/);
  });
});
