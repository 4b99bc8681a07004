import type { LanguageTable } from '../english';

/** Turkish: siz, with the polite imperative (-in). */
export const tr: LanguageTable = {
  name: 'Turkish',
  phrases: {
    'status.connecting': 'Bağlanıyor…',
    'status.speakNow': 'Şimdi konuşabilirsiniz',
    'status.translating': 'Lütfen bekleyin, çevriliyor…',
    'status.playing': 'Dinleyin: çeviri oynatılıyor',
    'status.micOff': 'Mikrofon kapalı',
    'status.yourTurn': 'Sıra sizde',
    'status.typeInstead': 'Lütfen cevabınızı yazın',
    'speech.stopped': 'Konuşabilmeniz için tablet konuşmayı durdurdu.',
    'speech.waitForTablet': 'Lütfen tablet konuşmayı bitirene kadar bekleyin.',
    'speech.lost': 'Bazı kelimeler duyulamadı. Lütfen tekrar söyleyin.',
    'speech.repeat': 'Özür dileriz, anlaşılmadı. Lütfen tekrar söyleyin.',
    'type.label': 'Buraya yazın',
    'type.send': 'Gönder',
    'play.again': 'Tekrar dinle',
    'connection.lost': 'Tercümanla bağlantı kesildi. Ekrandaki bilgiler korunuyor.',
    'connection.retrying': 'Yeniden bağlanıyor…',
    'connection.back': 'Tercüman yeniden hazır.',
    'end.title': 'Görüşme sona erdi',
    'end.thanks': 'Teşekkür ederiz.',
  },
};
