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
    'speech.unsure':
      'Es posible que esto no se haya oído bien, por eso no se reprodujo. Por favor, repítalo.',
    'speech.typeInstead':
      'No es posible reconocer la voz en este idioma. Por favor, escriba en lugar de hablar.',
    'sentence.otherLanguage':
      'Esto no se tradujo: no está en el idioma de ninguna de las dos personas.',
    'translation.machine': 'Traducción automática',
    'translation.fixed': 'Frase preparada de antemano',
    'type.label': 'Escriba aquí',
    'type.send': 'Enviar',
    'play.again': 'Volver a escuchar',
    'connection.lost':
      'Se perdió la conexión con el intérprete. Lo que aparece en la pantalla se conserva.',
    'connection.retrying': 'Volviendo a conectar…',
    'connection.back': 'El intérprete vuelve a estar disponible.',
    'connection.stopped':
      'Se detuvo el servicio de intérprete. Lo que aparece en la pantalla se conserva.',
    'connection.save': 'Guardar lo que aparece en la pantalla',
    'connection.continue': 'Continuar la conversación',
    'conversation.earlier': 'Parte anterior de la conversación',
    'end.title': 'La conversación ha terminado',
    'end.thanks': 'Gracias.',
    'end.reason.idle': 'La conversación terminó porque no se dijo nada durante un rato.',
    'end.reason.maxDuration': 'La conversación terminó porque alcanzó su límite de tiempo.',
    'end.reason.shutdown': 'La conversación terminó porque se detuvo el servicio de intérprete.',
  },
};
