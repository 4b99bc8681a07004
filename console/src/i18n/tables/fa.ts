import type { LanguageTable } from '../english';

/**
 * Persian (Farsi), right to left: شما with the polite imperative, Persian letters (ی, ک, not the
 * Arabic ي, ك), the zero-width non-joiner where Persian writes it (آن‌ها, می‌شود).
 */
export const fa: LanguageTable = {
  name: 'Persian',
  rtl: true,
  phrases: {
    'status.connecting': 'در حال اتصال…',
    'status.speakNow': 'لطفاً صحبت کنید',
    'status.translating': 'لطفاً صبر کنید، در حال ترجمه…',
    'status.playing': 'گوش کنید: ترجمه در حال پخش است',
    'status.micOff': 'میکروفون خاموش است',
    'status.yourTurn': 'نوبت شماست',
    'status.typeInstead': 'لطفاً پاسخ خود را بنویسید',
    'speech.stopped': 'تبلت صحبت را متوقف کرد تا شما بتوانید صحبت کنید.',
    'speech.waitForTablet': 'لطفاً صبر کنید تا صحبت تبلت تمام شود.',
    'speech.lost': 'برخی کلمات شنیده نشد. لطفاً آن‌ها را دوباره بگویید.',
    'speech.repeat': 'ببخشید، واضح نبود. لطفاً دوباره بگویید.',
    'speech.unsure':
      'ممکن است این به‌درستی شنیده نشده باشد، برای همین پخش نشد. لطفاً دوباره بگویید.',
    'speech.typeInstead': 'گفتار به این زبان قابل تشخیص نیست. لطفاً به‌جای صحبت کردن، بنویسید.',
    'sentence.otherLanguage': 'این ترجمه نشد: به زبان هیچ‌یک از دو نفر نیست.',
    'translation.machine': 'ترجمهٔ ماشینی',
    'translation.fixed': 'جملهٔ از پیش نوشته‌شده',
    'type.label': 'اینجا بنویسید',
    'type.send': 'ارسال',
    'play.again': 'پخش دوباره',
    'connection.lost': 'ارتباط با مترجم قطع شد. آنچه روی صفحه است حفظ می‌شود.',
    'connection.retrying': 'در حال اتصال دوباره…',
    'connection.back': 'مترجم دوباره در دسترس است.',
    'connection.stopped': 'سرویس مترجم متوقف شد. آنچه روی صفحه است حفظ می‌شود.',
    'connection.save': 'ذخیرهٔ آنچه روی صفحه است',
    'connection.continue': 'ادامهٔ گفتگو',
    'conversation.earlier': 'بخش قبلی گفتگو',
    'end.title': 'گفتگو به پایان رسید',
    'end.thanks': 'سپاسگزاریم.',
    'end.reason.idle': 'گفتگو به پایان رسید، چون مدتی چیزی گفته نشد.',
    'end.reason.maxDuration': 'گفتگو به پایان رسید، چون به محدودیت زمانی خود رسید.',
    'end.reason.shutdown': 'گفتگو به پایان رسید، چون سرویس مترجم متوقف شد.',
  },
};
