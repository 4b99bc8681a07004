import type { LanguageTable } from '../english';

/** Vietnamese: polite ("Vui lòng", "Xin"), the reader addressed as "quý vị". */
export const vi: LanguageTable = {
  name: 'Vietnamese',
  phrases: {
    'status.connecting': 'Đang kết nối…',
    'status.speakNow': 'Xin mời quý vị nói',
    'status.translating': 'Vui lòng chờ, đang dịch…',
    'status.playing': 'Xin lắng nghe: đang phát bản dịch',
    'status.micOff': 'Micrô đang tắt',
    'status.yourTurn': 'Đến lượt quý vị',
    'status.typeInstead': 'Vui lòng nhập câu trả lời của quý vị',
    'speech.stopped': 'Máy tính bảng đã ngừng nói để quý vị có thể nói.',
    'speech.waitForTablet': 'Vui lòng chờ đến khi máy tính bảng nói xong.',
    'speech.lost': 'Một số từ không nghe được. Vui lòng nói lại.',
    'speech.repeat': 'Xin lỗi, chưa nghe rõ. Vui lòng nói lại.',
    'type.label': 'Nhập tại đây',
    'type.send': 'Gửi',
    'play.again': 'Nghe lại',
    'connection.lost': 'Mất kết nối với thông dịch viên. Nội dung trên màn hình vẫn được giữ lại.',
    'connection.retrying': 'Đang kết nối lại…',
    'connection.back': 'Thông dịch viên đã sẵn sàng trở lại.',
    'end.title': 'Cuộc trò chuyện đã kết thúc',
    'end.thanks': 'Xin cảm ơn.',
  },
};
