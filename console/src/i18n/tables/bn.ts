import type { LanguageTable } from '../english';

/** Bengali: আপনি with the polite imperative (-উন), the dari । */
export const bn: LanguageTable = {
  name: 'Bengali',
  phrases: {
    'status.connecting': 'সংযোগ করা হচ্ছে…',
    'status.speakNow': 'এখন বলুন',
    'status.translating': 'অনুগ্রহ করে অপেক্ষা করুন, অনুবাদ হচ্ছে…',
    'status.playing': 'শুনুন: অনুবাদ বাজানো হচ্ছে',
    'status.micOff': 'মাইক্রোফোন বন্ধ আছে',
    'status.yourTurn': 'এবার আপনার পালা',
    'status.typeInstead': 'অনুগ্রহ করে আপনার উত্তর লিখুন',
    'speech.stopped': 'আপনি যাতে কথা বলতে পারেন, তাই ট্যাবলেট কথা বলা বন্ধ করেছে।',
    'speech.waitForTablet': 'অনুগ্রহ করে ট্যাবলেটের কথা শেষ হওয়া পর্যন্ত অপেক্ষা করুন।',
    'speech.lost': 'কিছু শব্দ শোনা যায়নি। অনুগ্রহ করে সেগুলো আবার বলুন।',
    'speech.repeat': 'দুঃখিত, কথাটি স্পষ্ট ছিল না। অনুগ্রহ করে আবার বলুন।',
    'type.label': 'এখানে লিখুন',
    'type.send': 'পাঠান',
    'play.again': 'আবার শুনুন',
    'connection.lost': 'দোভাষীর সঙ্গে সংযোগ বিচ্ছিন্ন হয়েছে। স্ক্রিনে যা আছে, তা রাখা থাকবে।',
    'connection.retrying': 'আবার সংযোগ করা হচ্ছে…',
    'connection.back': 'দোভাষী আবার পাওয়া যাচ্ছে।',
    'end.title': 'কথোপকথন শেষ হয়েছে',
    'end.thanks': 'ধন্যবাদ।',
  },
};
