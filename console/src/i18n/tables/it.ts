import type { LanguageTable } from '../english';

/** Italian: the courtesy form, Lei (capitalized, as in formal writing). */
export const it: LanguageTable = {
  name: 'Italian',
  phrases: {
    'status.connecting': 'Connessione in corso…',
    'status.speakNow': 'Parli ora',
    'status.translating': 'Attenda, per favore: traduzione in corso…',
    'status.playing': 'Ascolti: la traduzione è in riproduzione',
    'status.micOff': 'Il microfono è spento',
    'status.yourTurn': 'Tocca a Lei',
    'status.typeInstead': 'Per favore, scriva la Sua risposta',
    'speech.stopped': 'Il tablet ha smesso di parlare, così Lei può parlare.',
    'speech.waitForTablet': 'Per favore, attenda che il tablet abbia finito di parlare.',
    'speech.lost': 'Alcune parole non si sono sentite. Per favore, le ripeta.',
    'speech.repeat': 'Mi scusi, non era chiaro. Per favore, lo ripeta.',
    'type.label': 'Scriva qui',
    'type.send': 'Invia',
    'play.again': 'Riascolta',
    'connection.lost':
      'La connessione con l’interprete si è interrotta. Ciò che è sullo schermo viene conservato.',
    'connection.retrying': 'Riconnessione in corso…',
    'connection.back': 'L’interprete è di nuovo disponibile.',
    'end.title': 'La conversazione è terminata',
    'end.thanks': 'Grazie.',
  },
};
