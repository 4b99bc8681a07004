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
    'speech.unsure':
      'Este posibil ca acest lucru să nu fi fost auzit corect, de aceea nu a fost redat. Vă rugăm să repetați.',
    'speech.typeInstead':
      'Vorbirea în această limbă nu poate fi recunoscută. Vă rugăm să scrieți în loc să vorbiți.',
    'sentence.otherLanguage':
      'Acest lucru nu a fost tradus: nu este în limba niciuneia dintre cele două persoane.',
    'translation.machine': 'Traducere automată',
    'translation.fixed': 'Frază pregătită dinainte',
    'type.label': 'Scrieți aici',
    'type.send': 'Trimiteți',
    'play.again': 'Ascultați din nou',
    'connection.lost': 'Conexiunea cu interpretul s-a întrerupt. Ce este pe ecran se păstrează.',
    'connection.retrying': 'Se reconectează…',
    'connection.back': 'Interpretul este din nou disponibil.',
    'connection.stopped': 'Serviciul de interpretare a fost oprit. Ce este pe ecran se păstrează.',
    'connection.save': 'Salvați ce este pe ecran',
    'connection.continue': 'Continuați conversația',
    'conversation.earlier': 'Partea anterioară a conversației',
    'end.title': 'Conversația s-a încheiat',
    'end.thanks': 'Vă mulțumim.',
    'end.reason.idle': 'Conversația s-a încheiat pentru că nu s-a spus nimic o vreme.',
    'end.reason.maxDuration': 'Conversația s-a încheiat pentru că a atins limita de timp.',
    'end.reason.shutdown':
      'Conversația s-a încheiat pentru că serviciul de interpretare a fost oprit.',
  },
};
