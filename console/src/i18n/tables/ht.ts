import type { LanguageTable } from '../english';

/** Haitian Creole: polite ("Tanpri"), in the standard spelling (Òtograf ofisyèl). */
export const ht: LanguageTable = {
  name: 'Haitian Creole',
  phrases: {
    'status.connecting': 'N ap konekte…',
    'status.speakNow': 'Pale kounye a',
    'status.translating': 'Tanpri tann, n ap tradui…',
    'status.playing': 'Koute: tradiksyon an ap jwe',
    'status.micOff': 'Mikwofòn nan fèmen',
    'status.yourTurn': 'Se tou pa ou',
    'status.typeInstead': 'Tanpri ekri repons ou',
    'speech.stopped': 'Tablèt la sispann pale pou ou ka pale.',
    'speech.waitForTablet': 'Tanpri tann jiskaske tablèt la fin pale.',
    'speech.lost': 'Nou pa t ka tande kèk mo. Tanpri repete yo.',
    'speech.repeat': 'Eskize nou, sa pa t klè. Tanpri repete l.',
    'type.label': 'Ekri la a',
    'type.send': 'Voye',
    'play.again': 'Koute ankò',
    'connection.lost': 'Koneksyon ak entèprèt la koupe. Sa ki sou ekran an ap rete.',
    'connection.retrying': 'N ap rekonekte…',
    'connection.back': 'Entèprèt la disponib ankò.',
    'end.title': 'Konvèsasyon an fini',
    'end.thanks': 'Mèsi.',
  },
};
