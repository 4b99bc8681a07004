import { REVISION, SENTENCE_ID } from './message-doc.js';
import type { ServerMessageDocs } from './server-message-docs.js';

/**
 * What the server says of each sentence (recognition, branches A, B and C), as the AsyncAPI
 * document describes them.
 */
export const SENTENCE_MESSAGE_DOCS: Pick<
  ServerMessageDocs,
  | 'AsrPartialMessage'
  | 'AsrResultMessage'
  | 'SentenceEmptyMessage'
  | 'TranslationResultMessage'
  | 'SentenceNotTranslatedMessage'
  | 'ReformulationResultMessage'
  | 'TtsAudioMessage'
  | 'BranchCResultMessage'
  | 'BranchCSkippedMessage'
  | 'BranchCTriggeredMessage'
> = {
  AsrPartialMessage: {
    title: 'Live caption (partial recognition)',
    summary: 'The words recognized so far of a sentence still being spoken.',
    description:
      'Extension. Sent while a sentence is spoken, when the recognizer decodes as speech arrives (ASR_ENGINE=pocketsphinx; never with a recognizer of whole segments such as ASR_ENGINE=openai): at most about three a second per sentence, only when the text changed, the first once it has two words. Each carries the whole text so far (not a delta): show it in place of the previous one. The sentence’s `asr_result` replaces it, or `sentence_empty` when recognition ends with no text after all: then remove the caption. None comes after the sentence’s `asr_result` or `sentence_empty`. Carries no language nor role: those are decided on the final text. Clients that do not show live captions ignore it.',
    fields: {
      sentence_id:
        'The sentence being spoken; its `asr_result` or `sentence_empty` follows with the same id.',
      text: 'The words recognized so far (not final: words may still change).',
    },
    examples: [
      {
        name: 'caption',
        summary: 'The patient still speaking',
        payload: { type: 'asr_partial', sentence_id: 's1', text: 'the patient has a' },
      },
    ],
  },
  AsrResultMessage: {
    title: 'Recognized sentence',
    summary: 'A sentence’s text, language and speaker: the first message of every sentence.',
    description:
      'Sent once per sentence, spoken (cut by the voice activity detector after 640 ms of silence) or typed (`text_input`); its results follow, keyed by `sentence_id`.',
    fields: {
      sentence_id: SENTENCE_ID,
      text: 'The recognized (or typed, trimmed) text.',
      language: 'BCP-47 locale of the text, identified from the text among the session’s two.',
      role: 'Who spoke: `medic`, `patient` or `unknown` (both parties share the language).',
      start_ms:
        'Start of the speech, in ms of the audio received since the handshake (a position in the stream, not wall-clock time); null for typed text.',
      end_ms: 'End of the speech, like `start_ms`; null for typed text.',
      source: '`audio` or `text`.',
      confidence:
        'How sure the recognizer is of the text, 0 to 1 (the default recognizer and Moonshine: the geometric mean of Moonshine’s token probabilities; pocketsphinx: that of the words’ posterior probabilities); null for typed text and for recognizers that report none (ASR_ENGINE=openai).',
      low_confidence:
        'True when `confidence` is below the recognizer’s calibrated threshold: the text is more likely wrong than right. A client should ask the speaker to repeat before the translation is played (the translation still follows, for the record).',
    },
    examples: [
      {
        name: 'spoken',
        summary: 'The patient’s speech',
        payload: {
          type: 'asr_result',
          sentence_id: 's1',
          text: 'the patient has a fever and headache',
          language: 'en-US',
          role: 'patient',
          start_ms: 192,
          end_ms: 2528,
          source: 'audio',
          confidence: 0.91,
          low_confidence: false,
        },
      },
      {
        name: 'typed',
        summary: 'The medic’s typed question',
        payload: {
          type: 'asr_result',
          sentence_id: 's2',
          text: '¿Tiene usted disnea o dolor torácico?',
          language: 'es-ES',
          role: 'medic',
          start_ms: null,
          end_ms: null,
          source: 'text',
          confidence: null,
          low_confidence: false,
        },
      },
    ],
  },
  SentenceEmptyMessage: {
    title: 'Empty sentence',
    summary: 'Speech was detected but recognition produced no text; nothing more comes for it.',
    description: 'A cough, a hum, a word too short. The id is used.',
    fields: { sentence_id: SENTENCE_ID },
    examples: [
      {
        name: 'cough',
        summary: 'No words',
        payload: { type: 'sentence_empty', sentence_id: 's1' },
      },
    ],
  },
  TranslationResultMessage: {
    title: 'Translation (branch A)',
    summary: 'The literal translation into the listener’s language, with its fidelity.',
    description:
      'The reference a clinician relies on. Sent after the back-translation, which gives the fidelity; a `correct_speaker` sends a new revision.',
    fields: {
      sentence_id: SENTENCE_ID,
      branch: 'Always `A`.',
      source_language: 'The speaker’s locale, the direction of this revision.',
      target_language: 'The listener’s locale.',
      text: 'The literal translation.',
      back_translation:
        '`text` translated back into `source_language`; absent when both languages are the same or the back-translation failed.',
      fidelity:
        'A warning score for the literal translation, 0 to 1 with three decimals (from the round trip and checks of clinical terms, numbers, negation, completeness, words left untranslated and persons changed; fitted on the engine’s own translations, judged); present with `back_translation`. Below the threshold the benchmark chose (docs/translation.md, "Fidelity score"), check the translation. At or above it, it says nothing either way: a round trip through the same engine cannot show a translation to be right.',
      untranslated_words:
        'Words of the original the engine could not translate and left as they were (not names, numbers or drug names, which are kept on purpose); present only when there are some. The listener may miss their meaning: rephrase them.',
      origin:
        'Who wrote `text`: `phrasebook`, a fixed phrase written in advance that what the clinician said matched strictly (every content word accounted for; docs/phrasebook.md), or `machine`, the translation engine (also for a text passed on unchanged because it is already in the listener’s language). A fixed phrase has no `back_translation` or `fidelity`: there is no machine translation to check.',
      phrase_id: 'The fixed phrase, when `origin` is `phrasebook`.',
      understood_as:
        'With `phrase_id`: the fixed phrase in the speaker’s language, values filled in, so the clinician sees what the patient was told. It may be worded differently from what was said; it never says more or less.',
      reviewed_by:
        'With `phrase_id`: who reviewed the phrase, as a hospital’s PHRASEBOOK_FILE says. Absent: the phrase is the project’s own, not reviewed by a certified medical interpreter.',
      answers:
        'Extension (issue 32), with `phrase_id`: the answers the question expects, for the patient to tap: `kind` (`yes_no`, `yes_no_unknown`, `scale`, `pain_scale`, `duration`, `side`, `better_worse`, `severity`, `constancy`), `options` (each an `id`, the same in every language, and its `text` in the listener’s language) and, for a scale, `labels` of its ends. A tap sends the option’s `text` as `text_input` with role `patient`; it reaches the clinician as the same answer in their language, written in advance.',
      chosen:
        'Extension (issue 32): true when the clinician chose the phrase among those a `sentence_not_translated` offered (`choose_phrase`); the revision is then a new one.',
      revision: REVISION,
    },
    examples: [
      {
        name: 'medic_question',
        summary: 'Spanish → English, a clumsy literal translation',
        payload: {
          type: 'translation_result',
          sentence_id: 's2',
          branch: 'A',
          source_language: 'es-ES',
          target_language: 'en-US',
          text: 'Has you dyspnea or thoracic ache?',
          back_translation: 'Te tienes disnea o dolor torácico?',
          fidelity: 0.715,
          origin: 'machine',
          revision: 1,
        },
      },
    ],
  },
  ReformulationResultMessage: {
    title: 'Reformulation (branch B)',
    summary: 'Branch A in plain language for the listener: an aid that never replaces A.',
    description:
      'For the patient, tuned to `patient_gender` and `patient_age_category`. It may equal A’s text when there is nothing to simplify.',
    fields: {
      sentence_id: SENTENCE_ID,
      branch: 'Always `B`.',
      language: 'The listener’s locale.',
      text: 'The reformulated text.',
      revision: REVISION,
    },
    examples: [
      {
        name: 'plain_words',
        summary: 'Jargon replaced for a senior patient',
        payload: {
          type: 'reformulation_result',
          sentence_id: 's2',
          branch: 'B',
          language: 'en-US',
          text: 'Has you shortness of breath or chest ache?',
          revision: 1,
        },
      },
    ],
  },
  TtsAudioMessage: {
    title: 'Synthesized speech',
    summary: 'Speech of branch A or B in the listener’s language, as a Base64 WAV file.',
    description:
      'A complete RIFF WAV file (PCM 16-bit mono), about 60 kB of Base64 per second of speech at 22.05 kHz. Play A first; B is optional. When B’s text equals A’s, B carries the same audio.',
    fields: {
      sentence_id: SENTENCE_ID,
      branch: '`A` (the translation) or `B` (the reformulation).',
      revision: 'Extension: the revision it speaks.',
      language: 'The locale spoken.',
      speed: 'The speed it was synthesized at.',
      sample_rate:
        'Of the WAV, in Hz (embedded: 16000 for English and Italian, 22050 for the rest).',
      format: 'Always `wav`.',
      audio_base64: 'The WAV file, Base64-encoded.',
    },
    examples: [
      {
        name: 'branch_a',
        summary: 'The translation spoken (Base64 cut short)',
        payload: {
          type: 'tts_audio',
          sentence_id: 's2',
          branch: 'A',
          revision: 1,
          language: 'en-US',
          speed: 1,
          sample_rate: 16000,
          format: 'wav',
          audio_base64: 'UklGRtRpAQBX…',
        },
      },
    ],
  },
  SentenceNotTranslatedMessage: {
    title: 'Sentence not translated',
    summary: 'In place of a translation: this revision is not translated, and why.',
    description:
      'Extension (issue 30). Sent instead of `translation_result`, and then nothing else of the revision (no `tts_audio`, `reformulation_result` nor branch C; a `trigger_branch_c` on it gets an `error`). `language_outside_session`: the text is in neither party’s language, so translating it would pass it on unchanged or garble it, and speaking it with the listener’s voice would mislead. It is found by the language identifiers (the language named, or `und` when only the script tells: Chinese characters in an English–Spanish session), or when the embedded engine knew almost none of the words (`und`: Haitian Creole in an English–Spanish session). The sentence’s `asr_result` already carried the language and the role (`unknown`, or the one `text_input` gave). Tell both parties, in their languages, that it was not translated.',
    fields: {
      sentence_id: SENTENCE_ID,
      reason:
        '`language_outside_session`: the text is in neither party’s language. Issue 32: `no_fixed_phrase`: the patient’s language has no machine translation and no fixed phrase says what the clinician said, so nothing reaches the patient; `suggestions` offers the closest phrases. `language_not_translated`: the patient wrote (or said) something in a language the service cannot translate that is none of the answers; the clinician sees the original text in the `asr_result`.',
      language:
        'BCP-47 locale of the text’s language; `und` when it could not be named. For `no_fixed_phrase`, the listener’s language.',
      suggestions:
        'Extension (issue 32), with `no_fixed_phrase`: up to 3 phrases closest to what the clinician said, best first, each a `phrase_id` and its `text` in the clinician’s language with the values the sentence named (maybe none). Show them as "Did you mean"; `choose_phrase` sends one to the patient.',
      revision: REVISION,
    },
    examples: [
      {
        name: 'vietnamese_in_english_spanish',
        summary: 'Vietnamese typed into an English–Spanish session',
        payload: {
          type: 'sentence_not_translated',
          sentence_id: 's3',
          reason: 'language_outside_session',
          language: 'vi-VN',
          revision: 1,
        },
      },
      {
        name: 'no_fixed_phrase',
        summary: 'A Vietnamese patient: no phrase says the clinician’s sentence',
        payload: {
          type: 'sentence_not_translated',
          sentence_id: 's4',
          reason: 'no_fixed_phrase',
          language: 'vi-VN',
          suggestions: [
            { phrase_id: 'pain.body-part-hurts', text: 'Does your chest hurt?' },
            { phrase_id: 'visit-reason.has-symptom', text: 'Do you have pain?' },
          ],
          revision: 1,
        },
      },
    ],
  },
  BranchCResultMessage: {
    title: 'Branch C result',
    summary: 'The sentence translated as if the other party had said it (text only).',
    description:
      'After A and B of every sentence with `enable_dual_direction`, or on `trigger_branch_c`. No speech, no revision.',
    fields: {
      sentence_id: SENTENCE_ID,
      assumed_role: 'The other party’s role: `medic` or `patient`.',
      source_language: 'The assumed speaker’s locale.',
      target_language: 'The other party’s locale.',
      text: 'The translation.',
    },
    examples: [
      {
        name: 'as_if_patient',
        summary: 'A Spanish question taken as the patient’s English',
        payload: {
          type: 'branch_c_result',
          sentence_id: 's2',
          assumed_role: 'patient',
          source_language: 'en-US',
          target_language: 'es-ES',
          text: '¿Tiene usted disnea o dolor torácico?',
        },
      },
    ],
  },
  BranchCSkippedMessage: {
    title: 'Branch C skipped',
    summary: 'Branch C could not run for this sentence, and why.',
    description: 'In place of `branch_c_result`.',
    fields: {
      sentence_id: SENTENCE_ID,
      reason:
        '`unknown_speaker_role` (the sentence’s role is unknown) or `same_translation_direction` (both parties share a language).',
    },
    examples: [
      {
        name: 'unknown_role',
        summary: 'An en/en session',
        payload: { type: 'branch_c_skipped', sentence_id: 's1', reason: 'unknown_speaker_role' },
      },
    ],
  },
  BranchCTriggeredMessage: {
    title: 'Branch C triggered',
    summary: 'The immediate acknowledgement of `trigger_branch_c`.',
    description:
      '`branch_c_result` or `branch_c_skipped` follows, after the sentence’s current work.',
    fields: { sentence_id: SENTENCE_ID },
    examples: [
      {
        name: 'ack',
        summary: 'Branch C will run for s2',
        payload: { type: 'branch_c_triggered', sentence_id: 's2' },
      },
    ],
  },
};
