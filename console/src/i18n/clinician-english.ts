/**
 * The reference table of the clinician's side (./clinician.ts): every phrase the page says to
 * the clinician, in English, exactly as an English-speaking clinician reads it. The tables of
 * ./clinician-tables/ translate these for the clinicians the engines interpret (es, fr, it, pt),
 * in the register of a hospital's software: formal (usted, vous, Lei, o senhor / a senhora
 * avoided by impersonal wording), plain, the clinician's own medical words.
 *
 * To add a phrase: add it here, then to every table (./clinician.spec.ts fails until then; until
 * a table has it, that phrase is shown in English). `{name}` placeholders are kept as they are.
 */
export const CLINICIAN_ENGLISH = {
  // The start screen.
  'start.title': 'Medical interpreter',
  'start.lead':
    'For a medic and a patient sharing this device. Each speaks in their own language; the service recognizes, translates and speaks the translation aloud.',
  'start.languages': 'Languages',
  'start.medicLanguage': "Medic's language",
  'start.patientLanguage': "Patient's language",
  'start.patient': 'The patient',
  'start.optional': '(optional)',
  'start.patientHint':
    "Tunes the plain-language reformulation for the patient, and the voice that speaks the patient's words.",
  'start.gender': 'Gender',
  'start.notGiven': 'Not given',
  'start.female': 'Female',
  'start.male': 'Male',
  'start.age': 'Age',
  'start.child': 'Child',
  'start.adolescent': 'Adolescent',
  'start.adult': 'Adult',
  'start.senior': 'Senior',
  'start.options': 'Options',
  'start.clinicianLanguage': "Language of the clinician's screen",
  'start.medicVoice': "Voice that speaks the medic's words",
  'start.speed': 'Speed of the spoken translation',
  'start.dual': 'Also translate every sentence as if the other person had said it',
  'start.apiKey': 'API key of this service',
  'start.apiKeyHint': 'Kept only while this page is open; never stored.',
  'start.button': 'Start the conversation',
  'start.starting': 'Starting…',
  'start.loading': 'Loading the languages…',
  'start.privacy':
    'Nothing of the conversation is stored, by the service or by this page. At the end, the conversation can be downloaded as an archive.',
  'start.unreachable':
    'The service could not be reached. Check that it is running, then reload the page.',
  'start.chooseLanguages': "Choose the medic's and the patient's languages.",
  'start.keyRequired': 'This service requires an API key: enter it to start.',
  'start.sameLanguage':
    "The medic and the patient both have {language}: an interpreter is for two languages. Choose the patient's language.",
  'speed.normal': 'Normal (1×)',
  // What a patient's language can do (GET /languages/capabilities), in the patient's list.
  'language.machine': 'machine translation',
  'language.fixedPhrases': 'fixed phrases only',
  'language.spoken': 'spoken',
  'language.textOnly': 'text only',
  // The recognizer's limits, before and during the conversation.
  'warning.recognitionOne':
    'Speech recognition understands {heard} only: {party} speech will not be recognized; they can type instead.',
  'warning.recognitionBoth':
    'Speech recognition understands {heard} only: neither {first} nor {second} speech will be recognized; both can type instead.',
  'warning.medicSpeech': "the medic's {language}",
  'warning.patientSpeech': "the patient's {language}",
  'list.and': '{first} and {last}',
  // A patient's language reached by fixed phrases only (issue 32).
  'warning.fixedPhrases':
    '{language} has no machine translation here. Only what matches a phrase written in advance reaches the patient; a sentence that matches none is not sent, and you choose among the closest phrases. The patient answers by touch, with buttons on the screen.',
  // The handshake's warning of such a language, for a clinician who does not read English.
  'warning.fixedPhrasesSession':
    '{language} has no machine translation here: what you say reaches the patient only as a fixed phrase written in advance ({written} of {total} written in {language}, by AI, not reviewed by a certified medical interpreter). A sentence that matches no phrase is not sent; you choose among the closest phrases. The patient answers by touch; anything else the patient types reaches you untranslated.',
  'warning.noVoice': 'No voice speaks {language}: the patient reads the phrases on the screen.',
  // The conversation's controls.
  'mic.label': 'Microphone',
  'mic.on': 'Microphone on',
  'mic.off': 'Microphone off',
  'mic.none': 'No microphone',
  'type.by': 'Typed by',
  'type.detect': 'Who: detect',
  'type.medic': 'Who: the medic',
  'type.patient': 'Who: the patient',
  'listen.legend': 'Spoken translation',
  'listen.autoplay': 'Play by itself',
  'listen.medicHears': 'The medic hears',
  'listen.patientHears': 'The patient hears',
  'listen.literal': 'the literal translation',
  'listen.plain': 'the plain-language reformulation',
  'listen.speed': 'Speed',
  'conversation.flag': 'Flag the conversation…',
  'conversation.end': 'End conversation',
  'conversation.notices': 'Messages from the service',
  'conversation.newTranslation': 'New translation',
  // The cards.
  'role.medic': 'Medic',
  'role.patient': 'Patient',
  'role.unknown': 'Speaker unknown',
  'card.sentence': 'sentence {number}',
  'card.typed': 'typed',
  'card.spoken': 'spoken',
  'card.details': 'details',
  'card.flag': 'Flag…',
  'card.toMedic': 'Speaker was the medic',
  'card.toPatient': 'Speaker was the patient',
  'card.understoodAs': 'Understood as:',
  'card.fixedReviewed': 'Fixed phrase in {language}: reviewed by {reviewer}',
  'card.fixedUnreviewed':
    'Fixed phrase in {language}: written in advance by the project, not reviewed by a certified interpreter',
  'card.machine': 'Machine translation: check (into {language}, literal)',
  'card.chosen': 'Chosen by you among the suggestions.',
  'card.recognizing': 'Recognizing…',
  'card.translating': 'Translating…',
  'card.preparingSpeech': 'Preparing the speech…',
  'card.recognitionFailed': 'Recognition failed.',
  'card.translationFailed': 'The translation failed.',
  // A clinician's sentence no fixed phrase says (issue 32).
  'suggest.notSent': 'Not sent to the patient: no fixed phrase in {language} says this.',
  'suggest.didYouMean': 'Did you mean:',
  'suggest.rephrase': 'Please rephrase it as a short, simple question.',
  'suggest.sending': 'Sending the phrase you chose…',
  // What the patient wrote in a language reached by fixed phrases only (issue 32).
  'patient.notTranslated':
    'The patient’s text could not be translated: {language} is reached by fixed phrases only, and this is none of the answers on the screen. Ask the patient to answer with the buttons.',
  'patient.byTouch': 'Answered by touch',
  'answers.label': 'Answers for the patient to tap',
  'answers.always': 'What the patient can always answer',
} as const;

export type ClinicianKey = keyof typeof CLINICIAN_ENGLISH;

/** A clinician's language's table: any phrase it lacks is shown in English. */
export type ClinicianTable = Partial<Record<ClinicianKey, string>>;
