import type { LanguageTable } from '../english';

/** Russian: «Вы», capitalized, as a letter to one person is written. */
export const ru: LanguageTable = {
  name: 'Russian',
  phrases: {
    'status.connecting': 'Подключение…',
    'status.speakNow': 'Пожалуйста, говорите',
    'status.translating': 'Подождите, пожалуйста, идёт перевод…',
    'status.playing': 'Слушайте: воспроизводится перевод',
    'status.micOff': 'Микрофон выключен',
    'status.yourTurn': 'Ваша очередь',
    'status.typeInstead': 'Пожалуйста, напишите Ваш ответ',
    'speech.stopped': 'Планшет перестал говорить, чтобы Вы могли говорить.',
    'speech.waitForTablet': 'Пожалуйста, подождите, пока планшет закончит говорить.',
    'speech.lost': 'Некоторые слова не удалось расслышать. Пожалуйста, повторите их.',
    'speech.repeat': 'Извините, не удалось разобрать. Пожалуйста, повторите.',
    'type.label': 'Напишите здесь',
    'type.send': 'Отправить',
    'play.again': 'Прослушать ещё раз',
    'connection.lost': 'Связь с переводчиком прервалась. Всё, что на экране, сохранено.',
    'connection.retrying': 'Повторное подключение…',
    'connection.back': 'Переводчик снова доступен.',
    'end.title': 'Разговор окончен',
    'end.thanks': 'Спасибо.',
  },
};
