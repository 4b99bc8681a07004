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
    'speech.unsure':
      'ہو سکتا ہے یہ غلط سنا گیا ہو، اس لیے اسے نہیں چلایا گیا۔ براہِ کرم دوبارہ کہیے۔',
    'speech.typeInstead':
      'اس زبان میں بولی گئی بات پہچانی نہیں جا سکتی۔ براہِ کرم بولنے کے بجائے لکھیے۔',
    'sentence.otherLanguage': 'اس کا ترجمہ نہیں کیا گیا: یہ دونوں میں سے کسی کی زبان میں نہیں ہے۔',
    'translation.machine': 'مشینی ترجمہ',
    'translation.fixed': 'پہلے سے لکھا ہوا جملہ',
    'type.label': 'یہاں لکھیے',
    'type.send': 'بھیجیے',
    'play.again': 'دوبارہ سنیے',
    'connection.lost': 'ترجمان سے رابطہ منقطع ہو گیا۔ اسکرین پر موجود مواد محفوظ ہے۔',
    'connection.retrying': 'دوبارہ رابطہ ہو رہا ہے…',
    'connection.back': 'ترجمان دوبارہ دستیاب ہے۔',
    'connection.stopped': 'ترجمان سروس بند کر دی گئی ہے۔ اسکرین پر موجود مواد محفوظ ہے۔',
    'connection.save': 'اسکرین پر موجود مواد محفوظ کیجیے',
    'connection.continue': 'گفتگو جاری رکھیے',
    'conversation.earlier': 'گفتگو کا پچھلا حصہ',
    'end.title': 'گفتگو ختم ہو گئی ہے',
    'end.thanks': 'شکریہ۔',
    'end.reason.idle': 'گفتگو ختم ہو گئی کیونکہ کچھ دیر تک کچھ نہیں کہا گیا۔',
    'end.reason.maxDuration': 'گفتگو ختم ہو گئی کیونکہ اس کی مقررہ مدت پوری ہو گئی۔',
    'end.reason.shutdown': 'گفتگو ختم ہو گئی کیونکہ ترجمان سروس بند کر دی گئی۔',
  },
};
