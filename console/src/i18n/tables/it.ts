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
    'speech.unsure':
      'Questo potrebbe essere stato frainteso, quindi non è stato riprodotto. Per favore, lo ripeta.',
    'speech.typeInstead':
      'Il parlato in questa lingua non può essere riconosciuto. Per favore, scriva invece di parlare.',
    'sentence.otherLanguage':
      'Questo non è stato tradotto: non è nella lingua di nessuna delle due persone.',
    'translation.machine': 'Traduzione automatica',
    'translation.fixed': 'Frase preparata in anticipo',
    'type.label': 'Scriva qui',
    'type.send': 'Invia',
    'play.again': 'Riascolta',
    'connection.lost':
      'La connessione con l’interprete si è interrotta. Ciò che è sullo schermo viene conservato.',
    'connection.retrying': 'Riconnessione in corso…',
    'connection.back': 'L’interprete è di nuovo disponibile.',
    'connection.stopped':
      'Il servizio di interpretariato è stato interrotto. Ciò che è sullo schermo viene conservato.',
    'connection.save': 'Salva ciò che è sullo schermo',
    'connection.continue': 'Continua la conversazione',
    'conversation.earlier': 'Parte precedente della conversazione',
    'end.title': 'La conversazione è terminata',
    'end.thanks': 'Grazie.',
    'end.reason.idle': 'La conversazione è terminata perché per un po’ non è stato detto nulla.',
    'end.reason.maxDuration':
      'La conversazione è terminata perché ha raggiunto il limite di tempo.',
    'end.reason.shutdown':
      'La conversazione è terminata perché il servizio di interpretariato è stato interrotto.',
  },
};
