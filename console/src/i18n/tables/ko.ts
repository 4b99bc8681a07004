import type { LanguageTable } from '../english';

/** Korean: the polite formal style (합쇼체, with -세요 for requests). */
export const ko: LanguageTable = {
  name: 'Korean',
  phrases: {
    'status.connecting': '연결 중…',
    'status.speakNow': '지금 말씀하세요',
    'status.translating': '잠시 기다려 주세요. 번역 중입니다…',
    'status.playing': '들어 주세요: 번역을 재생하고 있습니다',
    'status.micOff': '마이크가 꺼져 있습니다',
    'status.yourTurn': '말씀하실 차례입니다',
    'status.typeInstead': '답변을 입력해 주세요',
    'speech.stopped': '말씀하실 수 있도록 태블릿이 말하기를 멈췄습니다.',
    'speech.waitForTablet': '태블릿이 말을 마칠 때까지 기다려 주세요.',
    'speech.lost': '일부 단어를 듣지 못했습니다. 다시 말씀해 주세요.',
    'speech.repeat': '죄송합니다. 잘 들리지 않았습니다. 다시 말씀해 주세요.',
    'type.label': '여기에 입력하세요',
    'type.send': '보내기',
    'play.again': '다시 듣기',
    'connection.lost': '통역 서비스와의 연결이 끊어졌습니다. 화면의 내용은 유지됩니다.',
    'connection.retrying': '다시 연결 중…',
    'connection.back': '통역 서비스를 다시 이용할 수 있습니다.',
    'end.title': '대화가 끝났습니다',
    'end.thanks': '감사합니다.',
  },
};
