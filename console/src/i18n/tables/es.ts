import type { LanguageTable } from '../english';

/** Spanish, for every Spanish locale (es-ES, es-MX, es-US…): usted, neutral Latin-American and European wording. */
export const es: LanguageTable = {
  name: 'Spanish',
  phrases: {
    'status.connecting': 'Conectando…',
    'status.speakNow': 'Hable ahora',
    'status.translating': 'Espere, por favor. Se está traduciendo…',
    'status.playing': 'Escuche: se está reproduciendo la traducción',
    'status.micOff': 'El micrófono está apagado',
    'status.yourTurn': 'Es su turno',
    'status.typeInstead': 'Por favor, escriba su respuesta',
    'speech.stopped': 'La tableta dejó de hablar para que usted pueda hablar.',
    'speech.waitForTablet': 'Por favor, espere a que la tableta termine de hablar.',
    'speech.lost': 'No se pudieron oír algunas palabras. Por favor, repítalas.',
    'speech.repeat': 'Disculpe, no se entendió bien. Por favor, repítalo.',
    'type.label': 'Escriba aquí',
    'type.send': 'Enviar',
    'play.again': 'Volver a escuchar',
    'connection.lost':
      'Se perdió la conexión con el intérprete. Lo que aparece en la pantalla se conserva.',
    'connection.retrying': 'Volviendo a conectar…',
    'connection.back': 'El intérprete vuelve a estar disponible.',
    'end.title': 'La conversación ha terminado',
    'end.thanks': 'Gracias.',
  },
};
