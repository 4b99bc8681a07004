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
    'speech.unsure': 'Câu này có thể đã bị nghe nhầm nên chưa được phát. Vui lòng nói lại.',
    'speech.typeInstead':
      'Không thể nhận dạng giọng nói bằng ngôn ngữ này. Vui lòng nhập bằng chữ.',
    'sentence.otherLanguage':
      'Câu này không được dịch: đây không phải ngôn ngữ của ai trong hai người.',
    'translation.machine': 'Bản dịch máy',
    'translation.fixed': 'Câu soạn sẵn',
    'type.label': 'Nhập tại đây',
    'type.send': 'Gửi',
    'play.again': 'Nghe lại',
    'connection.lost': 'Mất kết nối với thông dịch viên. Nội dung trên màn hình vẫn được giữ lại.',
    'connection.retrying': 'Đang kết nối lại…',
    'connection.back': 'Thông dịch viên đã sẵn sàng trở lại.',
    'connection.stopped': 'Dịch vụ thông dịch đã bị dừng. Nội dung trên màn hình vẫn được giữ lại.',
    'connection.save': 'Lưu nội dung trên màn hình',
    'connection.continue': 'Tiếp tục cuộc trò chuyện',
    'conversation.earlier': 'Phần trước của cuộc trò chuyện',
    'end.title': 'Cuộc trò chuyện đã kết thúc',
    'end.thanks': 'Xin cảm ơn.',
    'end.reason.idle': 'Cuộc trò chuyện đã kết thúc vì không có ai nói gì trong một lúc.',
    'end.reason.maxDuration': 'Cuộc trò chuyện đã kết thúc vì đã hết thời gian cho phép.',
    'end.reason.shutdown': 'Cuộc trò chuyện đã kết thúc vì dịch vụ thông dịch đã bị dừng.',
  },
};
