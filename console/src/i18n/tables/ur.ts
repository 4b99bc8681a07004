import type { LanguageTable } from '../english';

/** Urdu, right to left: آپ with the polite imperative (-یے), the Urdu full stop ۔ */
export const ur: LanguageTable = {
  name: 'Urdu',
  rtl: true,
  phrases: {
    'status.connecting': 'رابطہ ہو رہا ہے…',
    'status.speakNow': 'اب بولیے',
    'status.translating': 'براہِ کرم انتظار کیجیے، ترجمہ ہو رہا ہے…',
    'status.playing': 'سنیے: ترجمہ چل رہا ہے',
    'status.micOff': 'مائیکروفون بند ہے',
    'status.yourTurn': 'آپ کی باری ہے',
    'status.typeInstead': 'براہِ کرم اپنا جواب لکھیے',
    'speech.stopped': 'ٹیبلٹ نے بولنا بند کر دیا ہے تاکہ آپ بول سکیں۔',
    'speech.waitForTablet': 'براہِ کرم ٹیبلٹ کے بولنا ختم کرنے تک انتظار کیجیے۔',
    'speech.lost': 'کچھ الفاظ سنائی نہیں دیے۔ براہِ کرم انہیں دوبارہ کہیے۔',
    'speech.repeat': 'معاف کیجیے، بات واضح نہیں تھی۔ براہِ کرم دوبارہ کہیے۔',
    'type.label': 'یہاں لکھیے',
    'type.send': 'بھیجیے',
    'play.again': 'دوبارہ سنیے',
    'connection.lost': 'ترجمان سے رابطہ منقطع ہو گیا۔ اسکرین پر موجود مواد محفوظ ہے۔',
    'connection.retrying': 'دوبارہ رابطہ ہو رہا ہے…',
    'connection.back': 'ترجمان دوبارہ دستیاب ہے۔',
    'end.title': 'گفتگو ختم ہو گئی ہے',
    'end.thanks': 'شکریہ۔',
  },
};
