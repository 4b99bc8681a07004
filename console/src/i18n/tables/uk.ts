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
    'type.label': 'Напишіть тут',
    'type.send': 'Надіслати',
    'play.again': 'Прослухати ще раз',
    'connection.lost': 'З’єднання з перекладачем перервалося. Усе, що на екрані, збережено.',
    'connection.retrying': 'Повторне підключення…',
    'connection.back': 'Перекладач знову доступний.',
    'end.title': 'Розмову завершено',
    'end.thanks': 'Дякуємо.',
  },
};
