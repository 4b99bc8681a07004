import { describe, expect, it } from '@jest/globals';
import { Phrasebook } from '../phrasebook.js';
import { YamlSource } from '../yaml-source.js';
import { FIXTURE_PHRASES, FIXTURE_VALUES } from '../../../../test/support/phrasebook.fixture.js';
import { PhraseSignatures } from './phrase-signatures.js';

const build = (signatures?: PhraseSignatures) =>
  Phrasebook.build(
    [new YamlSource('pain.yaml', FIXTURE_PHRASES)],
    FIXTURE_VALUES.map((text, i) => new YamlSource(`values-${i}.yaml`, text)),
    undefined,
    { signatures },
  );

const SAID = [
  ['Where does it hurt?', 'en'],
  ['Do you have pain in your stomach?', 'en'],
  ['¿Le duele la pierna derecha?', 'es'],
  ['Est-ce que vous avez mal au bras ?', 'fr'],
  ['Where is the pain?', 'en'],
] as const;

const outcomes = (phrasebook: Phrasebook) =>
  SAID.map(([text, language]) => {
    const outcome = phrasebook.match(text, language);
    return outcome.matched
      ? `${outcome.match.entry.id} ${[...outcome.match.values.values()].map((v) => v.id).join(',')}`
      : outcome.reason;
  });

describe('PhraseSignatures (the matchers’ bags, computed once)', () => {
  it('is filled with every text’s bags while a phrasebook is built, by language and text', () => {
    const recorded = new PhraseSignatures();
    build(recorded);
    expect(recorded.size).toBeGreaterThan(10);
    expect(recorded.get('en', 'Where does it hurt?')).toEqual(['do hurt it where']);
    expect(recorded.get('en', 'Does your $body_part hurt?')).toEqual(['$body_part do hurt']);
    expect(recorded.get('es', 'Where does it hurt?')).toBeUndefined();
  });

  it('builds a phrasebook that matches as one that computed its bags', () => {
    const recorded = new PhraseSignatures();
    const computed = build(recorded);
    const stored = PhraseSignatures.fromStored(recorded.toStored(['any']));
    const read = build(stored);
    expect(stored.size).toBe(recorded.size);
    expect(outcomes(read)).toEqual(outcomes(computed));
    expect(outcomes(read).filter((o) => o.startsWith('pain.'))).toHaveLength(SAID.length);
  });

  it('indexes a text under the stored bags, not under bags computed again', () => {
    const stored = new PhraseSignatures([['en\nWhere does it hurt?', ['bogus']]]);
    const phrasebook = build(stored);
    expect(phrasebook.match('Where does it hurt?', 'en')).toEqual({
      matched: false,
      reason: 'no_phrase',
    });
    // The other texts were computed, and joined the store.
    expect(phrasebook.match('Where is the pain?', 'en').matched).toBe(true);
    expect(stored.get('en', 'Where is the pain?')).toEqual(['is pain where']);
  });
});
