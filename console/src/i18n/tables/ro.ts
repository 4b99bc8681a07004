import type { LanguageTable } from '../english';

/** Romanian: dumneavoastră; ș and ț with the comma below (U+0219, U+021B), not the cedilla. */
export const ro: LanguageTable = {
  name: 'Romanian',
  phrases: {
    'status.connecting': 'Se conectează…',
    'status.speakNow': 'Vorbiți acum',
    'status.translating': 'Vă rugăm să așteptați, se traduce…',
    'status.playing': 'Ascultați: se redă traducerea',
    'status.micOff': 'Microfonul este oprit',
    'status.yourTurn': 'Este rândul dumneavoastră',
    'status.typeInstead': 'Vă rugăm să scrieți răspunsul',
    'speech.stopped': 'Tableta s-a oprit din vorbit ca să puteți vorbi.',
    'speech.waitForTablet': 'Vă rugăm să așteptați până când tableta termină de vorbit.',
    'speech.lost': 'Unele cuvinte nu s-au auzit. Vă rugăm să le repetați.',
    'speech.repeat': 'Ne pare rău, nu s-a înțeles. Vă rugăm să repetați.',
    'type.label': 'Scrieți aici',
    'type.send': 'Trimiteți',
    'play.again': 'Ascultați din nou',
    'connection.lost': 'Conexiunea cu interpretul s-a întrerupt. Ce este pe ecran se păstrează.',
    'connection.retrying': 'Se reconectează…',
    'connection.back': 'Interpretul este din nou disponibil.',
    'end.title': 'Conversația s-a încheiat',
    'end.thanks': 'Vă mulțumim.',
  },
};
