import type { LanguageTable } from '../english';

/**
 * Filipino (Tagalog; the service's locale is fil-PH, and tl finds this table too): polite, with
 * "po" and "kayo/ninyo".
 */
export const fil: LanguageTable = {
  name: 'Filipino',
  phrases: {
    'status.connecting': 'Kumokonekta…',
    'status.speakNow': 'Magsalita na po kayo',
    'status.translating': 'Pakihintay po, isinasalin…',
    'status.playing': 'Makinig po: pinapatugtog ang salin',
    'status.micOff': 'Naka-off ang mikropono',
    'status.yourTurn': 'Kayo na po',
    'status.typeInstead': 'Pakisulat po ang inyong sagot',
    'speech.stopped': 'Tumigil sa pagsasalita ang tablet para makapagsalita kayo.',
    'speech.waitForTablet': 'Pakihintay po na matapos magsalita ang tablet.',
    'speech.lost': 'May ilang salitang hindi narinig. Pakiulit po ang mga ito.',
    'speech.repeat': 'Paumanhin po, hindi malinaw. Pakiulit po.',
    'type.label': 'Sumulat po rito',
    'type.send': 'Ipadala',
    'play.again': 'Pakinggan muli',
    'connection.lost': 'Naputol ang koneksyon sa interpreter. Mananatili ang nasa screen.',
    'connection.retrying': 'Muling kumokonekta…',
    'connection.back': 'Magagamit na muli ang interpreter.',
    'end.title': 'Tapos na ang pag-uusap',
    'end.thanks': 'Salamat po.',
  },
};
