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
    'speech.unsure': 'Maaaring mali ang pagkakarinig dito, kaya hindi ito pinatugtog. Pakiulit po.',
    'speech.typeInstead': 'Hindi makikilala ang pananalita sa wikang ito. Pakisulat na lang po.',
    'sentence.otherLanguage': 'Hindi ito isinalin: wala ito sa wika ng alinman sa dalawang tao.',
    'translation.machine': 'Salin ng makina',
    'translation.fixed': 'Nakahandang parirala',
    'type.label': 'Sumulat po rito',
    'type.send': 'Ipadala',
    'play.again': 'Pakinggan muli',
    'connection.lost': 'Naputol ang koneksyon sa interpreter. Mananatili ang nasa screen.',
    'connection.retrying': 'Muling kumokonekta…',
    'connection.back': 'Magagamit na muli ang interpreter.',
    'connection.stopped': 'Itinigil ang serbisyo ng interpreter. Mananatili ang nasa screen.',
    'connection.save': 'I-save ang nasa screen',
    'connection.continue': 'Ituloy ang pag-uusap',
    'conversation.earlier': 'Naunang bahagi ng pag-uusap',
    'end.title': 'Tapos na ang pag-uusap',
    'end.thanks': 'Salamat po.',
    'end.reason.idle': 'Natapos ang pag-uusap dahil walang nagsalita nang ilang sandali.',
    'end.reason.maxDuration': 'Natapos ang pag-uusap dahil naabot na nito ang takdang oras.',
    'end.reason.shutdown': 'Natapos ang pag-uusap dahil itinigil ang serbisyo ng interpreter.',
  },
};
