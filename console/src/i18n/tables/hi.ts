import type { LanguageTable } from '../english';

/** Hindi: आप with the polite imperative (-इए, -एँ), the danda । */
export const hi: LanguageTable = {
  name: 'Hindi',
  phrases: {
    'status.connecting': 'कनेक्ट हो रहा है…',
    'status.speakNow': 'अब बोलिए',
    'status.translating': 'कृपया प्रतीक्षा करें, अनुवाद हो रहा है…',
    'status.playing': 'सुनिए: अनुवाद चल रहा है',
    'status.micOff': 'माइक्रोफ़ोन बंद है',
    'status.yourTurn': 'अब आपकी बारी है',
    'status.typeInstead': 'कृपया अपना उत्तर लिखें',
    'speech.stopped': 'टैबलेट ने बोलना बंद कर दिया है ताकि आप बोल सकें।',
    'speech.waitForTablet': 'कृपया टैबलेट के बोलना समाप्त करने तक प्रतीक्षा करें।',
    'speech.lost': 'कुछ शब्द सुनाई नहीं दिए। कृपया उन्हें दोबारा बोलें।',
    'speech.repeat': 'क्षमा करें, बात स्पष्ट नहीं थी। कृपया दोबारा बोलें।',
    'type.label': 'यहाँ लिखें',
    'type.send': 'भेजें',
    'play.again': 'फिर से सुनें',
    'connection.lost': 'दुभाषिए से संपर्क टूट गया है। स्क्रीन पर जो है, वह सुरक्षित रहेगा।',
    'connection.retrying': 'फिर से कनेक्ट हो रहा है…',
    'connection.back': 'दुभाषिया फिर से उपलब्ध है।',
    'end.title': 'बातचीत समाप्त हो गई है',
    'end.thanks': 'धन्यवाद।',
  },
};
