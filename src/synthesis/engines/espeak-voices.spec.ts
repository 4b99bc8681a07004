import { describe, expect, it } from '@jest/globals';
import {
  chooseEspeakVoices,
  parseEspeakVoices,
  POORLY_SPOKEN,
  sampleText,
  switchesLanguage,
} from './espeak-voices.js';

// An excerpt of `espeak-ng --voices` (1.51), with its column layout.
const LISTING = `Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  af              --/M      Afrikaans          gmw/af               
 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)
 5  cmn-latn-pinyin --/M      Chinese_(Mandarin,_latin_as_Pinyin) sit/cmn-Latn-pinyin  (zh-cmn 5)(zh 5)
 5  de              --/M      German             gmw/de               
 5  en-029          --/M      English_(Caribbean) gmw/en-029           (en 10)
 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  es              --/M      Spanish_(Spain)    roa/es               
 5  es-419          --/M      Spanish_(Latin_America) roa/es-419           (es-mx 6)(es 6)
 5  fr-be           --/M      French_(Belgium)   roa/fr-BE            (fr 8)
 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)
 5  mi              --/M      Māori             poz/mi               
 5  my              --/M      Myanmar_(Burmese)  sit/my               
 5  nb              --/M      Norwegian_Bokmål  gmq/nb               (no 5)
 5  pt              --/M      Portuguese_(Portugal) roa/pt               (pt-pt 5)
 5  pt-br           --/M      Portuguese_(Brazil) roa/pt-BR            (pt 6)
 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)
 5  kok             --/M      Konkani            inc/kok              
`;

const lang = (iso6391: string, bcp47: string, name = iso6391) => ({ iso6391, bcp47, name });

describe('parseEspeakVoices', () => {
  it('reads every line with its voice file and other languages', () => {
    const entries = parseEspeakVoices(LISTING);
    expect(entries).toHaveLength(18);
    expect(entries.find((e) => e.language === 'cmn')).toEqual({
      priority: 5,
      language: 'cmn',
      name: 'Chinese_(Mandarin,_latin_as_English)',
      file: 'sit/cmn',
      otherLanguages: [
        ['zh-cmn', 5],
        ['zh', 5],
      ],
    });
    expect(entries.find((e) => e.language === 'mi')?.file).toBe('poz/mi');
  });

  it('skips the header and blank or malformed lines', () => {
    expect(parseEspeakVoices('Pty Language\n\n garbage\n')).toEqual([]);
  });
});

describe('chooseEspeakVoices', () => {
  const entries = parseEspeakVoices(LISTING);

  it("prefers the voice of the catalog's default locale, then the language, then an alias", () => {
    const chosen = chooseEspeakVoices(entries, [
      lang('en', 'en-US'),
      lang('fr', 'fr-FR'),
      lang('pt', 'pt-BR'),
      lang('es', 'es-ES'),
      lang('de', 'de-DE'),
      lang('zh', 'zh-CN'),
      lang('zh', 'zh-TW'),
      lang('nb', 'nb-NO'),
    ]);
    expect(chosen).toEqual([
      { language: 'de', file: 'gmw/de' },
      { language: 'en', file: 'gmw/en-US' },
      { language: 'es', file: 'roa/es' },
      { language: 'fr', file: 'roa/fr' },
      { language: 'nb', file: 'gmq/nb' },
      { language: 'pt', file: 'roa/pt-BR' },
      { language: 'zh', file: 'sit/cmn' },
    ]);
  });

  it('leaves out catalog languages espeak-ng lacks and the poorly spoken ones', () => {
    const chosen = chooseEspeakVoices(entries, [
      lang('af', 'af-ZA'),
      lang('sw', 'sw-TZ'),
      lang('my', 'my-MM'),
    ]);
    expect(chosen.map((c) => c.language)).toEqual(['af']);
    expect(Object.keys(POORLY_SPOKEN).sort()).toEqual(['my', 'th']);
  });
});

describe('sampleText', () => {
  it('gives words of the language in its own script', () => {
    expect(sampleText('fr')).toContain('français');
    expect(sampleText('ru')).toContain('русский');
    expect(sampleText('ja')).toContain('日本語');
  });

  it('is undefined when ICU has no data for the language (it would answer in English)', () => {
    expect(sampleText('gn')).toBeUndefined();
  });
});

describe('switchesLanguage', () => {
  it("spots espeak-ng's language switch marks in a phoneme transcript", () => {
    expect(switchesLanguage("_:(en)tS'aIni:z(ja)l'et@")).toBe(true);
    expect(switchesLanguage("frA~s'E A~gl'E")).toBe(false);
  });
});
