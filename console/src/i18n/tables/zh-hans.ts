import type { LanguageTable } from '../english';

/**
 * Chinese in Simplified characters (zh-CN, zh-SG, zh-Hans-*, and a bare zh): 您, full-width
 * punctuation. Locales in Traditional script (zh-TW, zh-HK, zh-MO, zh-Hant-*) read ./zh-hant.ts
 * (see tableCodeOf in ./index.ts).
 */
export const zhHans: LanguageTable = {
  name: 'Chinese (Simplified)',
  phrases: {
    'status.connecting': '正在连接…',
    'status.speakNow': '请说话',
    'status.translating': '请稍候，正在翻译…',
    'status.playing': '请听：正在播放翻译',
    'status.micOff': '麦克风已关闭',
    'status.yourTurn': '轮到您了',
    'status.typeInstead': '请输入您的回答',
    'speech.stopped': '平板电脑已停止播放，您现在可以说话。',
    'speech.waitForTablet': '请稍候，等平板电脑播放完毕。',
    'speech.lost': '有些字词没有听到，请再说一遍。',
    'speech.repeat': '抱歉，没有听清楚，请再说一遍。',
    'speech.unsure': '这句话可能听错了，因此没有播放。请再说一遍。',
    'speech.typeInstead': '无法识别这种语言的语音。请改用文字输入。',
    'sentence.otherLanguage': '这句话没有翻译：它不是双方中任何一方所说的语言。',
    'translation.machine': '机器翻译',
    'translation.fixed': '预先写好的句子',
    'type.label': '在此输入',
    'type.send': '发送',
    'play.again': '再听一遍',
    'connection.lost': '与口译服务的连接已断开。屏幕上的内容会保留。',
    'connection.retrying': '正在重新连接…',
    'connection.back': '口译服务已恢复。',
    'connection.stopped': '口译服务已停止。屏幕上的内容会保留。',
    'connection.save': '保存屏幕上的内容',
    'connection.continue': '继续对话',
    'conversation.earlier': '之前的对话内容',
    'end.title': '对话已结束',
    'end.thanks': '谢谢。',
    'end.reason.idle': '由于一段时间内没有人说话，对话已结束。',
    'end.reason.maxDuration': '由于已达到时间上限，对话已结束。',
    'end.reason.shutdown': '由于口译服务已停止，对话已结束。',
  },
};
