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
    'speech.unsure':
      'Isto pode não ter sido ouvido corretamente, por isso não foi reproduzido. Por favor, repita.',
    'speech.typeInstead':
      'Não é possível reconhecer a fala neste idioma. Por favor, escreva em vez de falar.',
    'sentence.otherLanguage':
      'Isto não foi traduzido: não está no idioma de nenhuma das duas pessoas.',
    'translation.machine': 'Tradução automática',
    'translation.fixed': 'Frase preparada com antecedência',
    'type.label': 'Escreva aqui',
    'type.send': 'Enviar',
    'play.again': 'Ouvir de novo',
    'connection.lost': 'A conexão com o intérprete foi perdida. O que está na tela será mantido.',
    'connection.retrying': 'Reconectando…',
    'connection.back': 'O intérprete está disponível novamente.',
    'connection.stopped':
      'O serviço de intérprete foi interrompido. O que está na tela será mantido.',
    'connection.save': 'Salvar o que está na tela',
    'connection.continue': 'Continuar a conversa',
    'conversation.earlier': 'Parte anterior da conversa',
    'end.title': 'A conversa terminou',
    'end.thanks': 'Obrigado.',
    'end.reason.idle': 'A conversa terminou porque nada foi dito por algum tempo.',
    'end.reason.maxDuration': 'A conversa terminou porque atingiu o limite de tempo.',
    'end.reason.shutdown': 'A conversa terminou porque o serviço de intérprete foi interrompido.',
  },
};
