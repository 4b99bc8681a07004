import type { LanguageTable } from '../english';

/**
 * Chinese in Traditional characters (zh-TW, zh-HK, zh-MO, zh-Hant-*): 您, full-width
 * punctuation, Taiwan's usual words (連線, 螢幕), which Hong Kong and Macau readers also read.
 * Written Chinese, not written Cantonese.
 */
export const zhHant: LanguageTable = {
  name: 'Chinese (Traditional)',
  phrases: {
    'status.connecting': '正在連線…',
    'status.speakNow': '請說話',
    'status.translating': '請稍候，正在翻譯…',
    'status.playing': '請聽：正在播放翻譯',
    'status.micOff': '麥克風已關閉',
    'status.yourTurn': '輪到您了',
    'status.typeInstead': '請輸入您的回答',
    'speech.stopped': '平板電腦已停止播放，您現在可以說話。',
    'speech.waitForTablet': '請稍候，等平板電腦播放完畢。',
    'speech.lost': '有些字詞沒有聽到，請再說一遍。',
    'speech.repeat': '抱歉，沒有聽清楚，請再說一遍。',
    'speech.unsure': '這句話可能聽錯了，因此沒有播放。請再說一遍。',
    'speech.typeInstead': '無法辨識這種語言的語音。請改用文字輸入。',
    'sentence.otherLanguage': '這句話沒有翻譯：它不是雙方中任何一方所說的語言。',
    'translation.machine': '機器翻譯',
    'translation.fixed': '預先寫好的句子',
    'type.label': '在此輸入',
    'type.send': '傳送',
    'play.again': '再聽一遍',
    'connection.lost': '與口譯服務的連線已中斷。螢幕上的內容會保留。',
    'connection.retrying': '正在重新連線…',
    'connection.back': '口譯服務已恢復。',
    'connection.stopped': '口譯服務已停止。螢幕上的內容會保留。',
    'connection.save': '儲存螢幕上的內容',
    'connection.continue': '繼續對話',
    'conversation.earlier': '之前的對話內容',
    'end.title': '對話已結束',
    'end.thanks': '謝謝。',
    'end.reason.idle': '由於一段時間內沒有人說話，對話已結束。',
    'end.reason.maxDuration': '由於已達到時間上限，對話已結束。',
    'end.reason.shutdown': '由於口譯服務已停止，對話已結束。',
  },
};
