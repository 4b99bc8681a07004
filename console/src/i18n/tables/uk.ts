import type { LanguageTable } from '../english';

/** Ukrainian: «Ви», capitalized; the apostrophe is ’ (U+2019). */
export const uk: LanguageTable = {
  name: 'Ukrainian',
  phrases: {
    'status.connecting': 'Підключення…',
    'status.speakNow': 'Будь ласка, говоріть',
    'status.translating': 'Зачекайте, будь ласка, триває переклад…',
    'status.playing': 'Слухайте: відтворюється переклад',
    'status.micOff': 'Мікрофон вимкнено',
    'status.yourTurn': 'Ваша черга',
    'status.typeInstead': 'Будь ласка, напишіть Вашу відповідь',
    'speech.stopped': 'Планшет перестав говорити, щоб Ви могли говорити.',
    'speech.waitForTablet': 'Будь ласка, зачекайте, доки планшет закінчить говорити.',
    'speech.lost': 'Деякі слова не вдалося почути. Будь ласка, повторіть їх.',
    'speech.repeat': 'Вибачте, не вдалося розібрати. Будь ласка, повторіть.',
    'speech.unsure':
      'Можливо, це було почуто неправильно, тому не відтворено. Будь ласка, повторіть.',
    'speech.typeInstead': 'Мовлення цією мовою неможливо розпізнати. Будь ласка, напишіть текст.',
    'sentence.otherLanguage': 'Це не перекладено: це не мовою жодного зі співрозмовників.',
    'translation.machine': 'Машинний переклад',
    'type.label': 'Напишіть тут',
    'type.send': 'Надіслати',
    'play.again': 'Прослухати ще раз',
    'connection.lost': 'З’єднання з перекладачем перервалося. Усе, що на екрані, збережено.',
    'connection.retrying': 'Повторне підключення…',
    'connection.back': 'Перекладач знову доступний.',
    'connection.stopped': 'Службу перекладача зупинено. Усе, що на екрані, збережено.',
    'connection.save': 'Зберегти те, що на екрані',
    'connection.continue': 'Продовжити розмову',
    'conversation.earlier': 'Попередня частина розмови',
    'end.title': 'Розмову завершено',
    'end.thanks': 'Дякуємо.',
    'end.reason.idle': 'Розмову завершено, бо певний час нічого не було сказано.',
    'end.reason.maxDuration': 'Розмову завершено, бо вичерпано відведений час.',
    'end.reason.shutdown': 'Розмову завершено, бо службу перекладача зупинено.',
  },
};
