import type { LanguageTable } from '../english';

/**
 * Portuguese, in Brazilian usage (the service's pt-BR: "tela", "tablet"), also shown for pt-PT and
 * the other Portuguese locales, whose readers understand it. Polite imperatives without a
 * pronoun ("Fale agora", "Aguarde"), as Brazilian health services write.
 */
export const pt: LanguageTable = {
  name: 'Portuguese',
  phrases: {
    'status.connecting': 'Conectando…',
    'status.speakNow': 'Fale agora',
    'status.translating': 'Por favor, aguarde. Traduzindo…',
    'status.playing': 'Ouça: a tradução está sendo reproduzida',
    'status.micOff': 'O microfone está desligado',
    'status.yourTurn': 'É a sua vez',
    'status.typeInstead': 'Por favor, escreva a sua resposta',
    'speech.stopped': 'O tablet parou de falar. Agora pode falar.',
    'speech.waitForTablet': 'Por favor, aguarde até que o tablet termine de falar.',
    'speech.lost': 'Algumas palavras não puderam ser ouvidas. Por favor, repita.',
    'speech.repeat': 'Desculpe, não ficou claro. Por favor, repita.',
    'type.label': 'Escreva aqui',
    'type.send': 'Enviar',
    'play.again': 'Ouvir de novo',
    'connection.lost': 'A conexão com o intérprete foi perdida. O que está na tela será mantido.',
    'connection.retrying': 'Reconectando…',
    'connection.back': 'O intérprete está disponível novamente.',
    'end.title': 'A conversa terminou',
    'end.thanks': 'Obrigado.',
  },
};
