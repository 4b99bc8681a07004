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
    'speech.unsure':
      'Возможно, это было расслышано неверно, поэтому не воспроизведено. Пожалуйста, повторите.',
    'speech.typeInstead': 'Речь на этом языке распознать невозможно. Пожалуйста, напишите текст.',
    'sentence.otherLanguage': 'Это не переведено: это не на языке ни одного из собеседников.',
    'translation.machine': 'Машинный перевод',
    'type.label': 'Напишите здесь',
    'type.send': 'Отправить',
    'play.again': 'Прослушать ещё раз',
    'connection.lost': 'Связь с переводчиком прервалась. Всё, что на экране, сохранено.',
    'connection.retrying': 'Повторное подключение…',
    'connection.back': 'Переводчик снова доступен.',
    'connection.stopped': 'Служба переводчика остановлена. Всё, что на экране, сохранено.',
    'connection.save': 'Сохранить то, что на экране',
    'connection.continue': 'Продолжить разговор',
    'conversation.earlier': 'Предыдущая часть разговора',
    'end.title': 'Разговор окончен',
    'end.thanks': 'Спасибо.',
    'end.reason.idle': 'Разговор окончен, так как какое-то время ничего не было сказано.',
    'end.reason.maxDuration': 'Разговор окончен, так как истекло отведённое время.',
    'end.reason.shutdown': 'Разговор окончен, так как служба переводчика была остановлена.',
  },
};
