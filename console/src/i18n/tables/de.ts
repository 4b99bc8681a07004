import type { LanguageTable } from '../english';

/** German (de-DE, de-AT, de-CH): Sie. "Dolmetschdienst" for the interpreter, which is a service. */
export const de: LanguageTable = {
  name: 'German',
  phrases: {
    'status.connecting': 'Verbindung wird hergestellt…',
    'status.speakNow': 'Bitte sprechen Sie jetzt',
    'status.translating': 'Bitte warten Sie, die Übersetzung läuft…',
    'status.playing': 'Hören Sie zu: Die Übersetzung wird abgespielt',
    'status.micOff': 'Das Mikrofon ist ausgeschaltet',
    'status.yourTurn': 'Sie sind an der Reihe',
    'status.typeInstead': 'Bitte schreiben Sie Ihre Antwort',
    'speech.stopped': 'Das Tablet hat aufgehört zu sprechen, damit Sie sprechen können.',
    'speech.waitForTablet': 'Bitte warten Sie, bis das Tablet fertig gesprochen hat.',
    'speech.lost': 'Einige Wörter waren nicht zu verstehen. Bitte sagen Sie sie noch einmal.',
    'speech.repeat': 'Entschuldigung, das war nicht deutlich. Bitte sagen Sie es noch einmal.',
    'speech.unsure':
      'Das wurde möglicherweise falsch verstanden und daher nicht abgespielt. Bitte sagen Sie es noch einmal.',
    'speech.typeInstead':
      'Gesprochenes in dieser Sprache kann nicht erkannt werden. Bitte schreiben Sie stattdessen.',
    'sentence.otherLanguage':
      'Dies wurde nicht übersetzt: Es ist in keiner der Sprachen der beiden Gesprächspartner.',
    'translation.machine': 'Maschinelle Übersetzung',
    'translation.fixed': 'Vorformulierter Satz',
    'type.label': 'Hier schreiben',
    'type.send': 'Senden',
    'play.again': 'Noch einmal anhören',
    'connection.lost':
      'Die Verbindung zum Dolmetschdienst wurde unterbrochen. Was auf dem Bildschirm steht, bleibt erhalten.',
    'connection.retrying': 'Verbindung wird wiederhergestellt…',
    'connection.back': 'Der Dolmetschdienst ist wieder verfügbar.',
    'connection.stopped':
      'Der Dolmetschdienst wurde gestoppt. Was auf dem Bildschirm steht, bleibt erhalten.',
    'connection.save': 'Bildschirminhalt speichern',
    'connection.continue': 'Gespräch fortsetzen',
    'conversation.earlier': 'Früherer Teil des Gesprächs',
    'end.title': 'Das Gespräch ist beendet',
    'end.thanks': 'Vielen Dank.',
    'end.reason.idle': 'Das Gespräch wurde beendet, weil eine Weile nichts gesagt wurde.',
    'end.reason.maxDuration': 'Das Gespräch wurde beendet, weil die Zeitbegrenzung erreicht wurde.',
    'end.reason.shutdown': 'Das Gespräch wurde beendet, weil der Dolmetschdienst gestoppt wurde.',
  },
};
