import type { LanguageTable } from '../english';

/**
 * Arabic (Modern Standard Arabic, for every ar-* locale), right to left: polite ("يُرجى"), and
 * worded so that it reads the same to a man or a woman (no gendered imperative); Arabic
 * punctuation (، ؟).
 */
export const ar: LanguageTable = {
  name: 'Arabic',
  rtl: true,
  phrases: {
    'status.connecting': 'جارٍ الاتصال…',
    'status.speakNow': 'يمكنك التحدث الآن',
    'status.translating': 'يُرجى الانتظار، جارٍ الترجمة…',
    'status.playing': 'يُرجى الاستماع: جارٍ تشغيل الترجمة',
    'status.micOff': 'الميكروفون مغلق',
    'status.yourTurn': 'حان دورك',
    'status.typeInstead': 'يُرجى كتابة إجابتك',
    'speech.stopped': 'توقّف الجهاز اللوحي عن الكلام. يمكنك التحدث الآن.',
    'speech.waitForTablet': 'يُرجى الانتظار حتى ينتهي الجهاز اللوحي من الكلام.',
    'speech.lost': 'تعذّر سماع بعض الكلمات. يُرجى إعادتها.',
    'speech.repeat': 'عذرًا، لم يكن الكلام واضحًا. يُرجى إعادته.',
    'type.label': 'يُرجى الكتابة هنا',
    'type.send': 'إرسال',
    'play.again': 'إعادة الاستماع',
    'connection.lost': 'انقطع الاتصال بالمترجم. يبقى ما على الشاشة محفوظًا.',
    'connection.retrying': 'جارٍ إعادة الاتصال…',
    'connection.back': 'المترجم متاح من جديد.',
    'end.title': 'انتهت المحادثة',
    'end.thanks': 'شكرًا لك.',
  },
};
