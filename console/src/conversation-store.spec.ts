import { describe, expect, it } from '@jest/globals';
import { ConversationStore, isPending } from './conversation-store';
import type { ServerMessage } from './protocol';

/** Messages captured in docs/protocol.md §8 (audio cut). */
const asr = (id: string, text: string, role: 'medic' | 'patient', source: 'audio' | 'text') =>
  ({
    type: 'asr_result',
    sentence_id: id,
    text,
    language: role === 'medic' ? 'es-ES' : 'en-US',
    role,
    start_ms: null,
    end_ms: null,
    source,
    confidence: source === 'audio' ? 0.9 : null,
    low_confidence: false,
  }) as const;
const translation = (id: string, revision: number, text: string, from = 'es-ES', to = 'en-US') =>
  ({
    type: 'translation_result',
    sentence_id: id,
    branch: 'A',
    source_language: from,
    target_language: to,
    text,
    back_translation: 'back',
    fidelity: 0.5,
    revision,
  }) as const;
const tts = (id: string, branch: 'A' | 'B', revision: number) =>
  ({
    type: 'tts_audio',
    sentence_id: id,
    branch,
    revision,
    language: 'en-US',
    speed: 1,
    sample_rate: 22050,
    format: 'wav',
    audio_base64: '',
  }) as const;

function apply(store: ConversationStore, ...messages: ServerMessage[]) {
  for (const message of messages) store.apply(message);
}

describe('ConversationStore', () => {
  it('keeps whether the recognizer doubted the text', () => {
    const store = new ConversationStore();
    store.apply({ ...asr('s1', 'Take q tablets.', 'medic', 'audio'), low_confidence: true });
    store.apply(asr('s2', 'Yes.', 'patient', 'audio'));
    expect(store.sentences.get('s1')!.lowConfidence).toBe(true);
    expect(store.sentences.get('s2')!.lowConfidence).toBe(false);
  });

  it('follows a sentence from recognition to its speech', () => {
    const store = new ConversationStore();
    store.typedPending = 1;
    expect(store.apply(asr('s1', 'Yes.', 'medic', 'text'))).toEqual({
      sentenceId: 's1',
      created: true,
    });
    expect(store.typedPending).toBe(0);
    expect(store.pendingCount()).toBe(1);
    apply(store, translation('s1', 1, 'Yes.'), tts('s1', 'A', 1));
    const s1 = store.sentences.get('s1')!;
    expect(s1.translation?.text).toBe('Yes.');
    expect(isPending(s1)).toBe(false);
  });

  it('replaces a revision by the corrected one, and ignores late results of the old one', () => {
    const store = new ConversationStore();
    apply(store, asr('s3', 'Yes.', 'medic', 'text'), translation('s3', 1, 'Yes.'));
    store.noteCorrectionSent('s3', 'patient');
    apply(store, {
      type: 'correction_ack',
      sentence_id: 's3',
      role: 'patient',
      previous_role: 'medic',
    });
    const s3 = store.sentences.get('s3')!;
    expect(s3).toMatchObject({
      role: 'patient',
      revision: 2,
      correcting: { to: 'patient', from: 'medic' },
    });
    expect(isPending(s3)).toBe(true);
    apply(store, tts('s3', 'A', 1)); // late speech of revision 1
    expect(s3.speech).toEqual({});
    apply(store, translation('s3', 2, 'Sí.', 'en-US', 'es-ES'), tts('s3', 'A', 2));
    expect(s3).toMatchObject({ revision: 2, corrected: { from: 'medic', to: 'patient' } });
    expect(s3.correcting).toBeUndefined();
    expect(s3.translation?.text).toBe('Sí.');
    expect(s3.speech).toEqual({ A: true });
  });

  it('keeps the note of a flag until its acknowledgement, for a sentence or the conversation', () => {
    const store = new ConversationStore();
    apply(store, asr('s1', 'the patient has a fever', 'patient', 'audio'));
    store.noteFlagSent('s1', 'mistranslation', 'check the word');
    store.noteFlagSent(null, 'other', 'hard of hearing');
    apply(
      store,
      { type: 'flag_ack', flag_id: 'f1', flag_type: 'mistranslation', sentence_id: 's1' },
      { type: 'flag_ack', flag_id: 'f2', flag_type: 'other', sentence_id: null },
    );
    expect(store.sentences.get('s1')!.flags).toEqual([
      { flagId: 'f1', flagType: 'mistranslation', note: 'check the word' },
    ]);
    expect(store.conversationFlags).toEqual([
      { flagId: 'f2', flagType: 'other', note: 'hard of hearing' },
    ]);
  });

  it("tells A's failed speech from B's by the order of the messages", () => {
    const store = new ConversationStore();
    apply(store, asr('s1', 'a b c', 'patient', 'audio'), translation('s1', 1, 'x y z'));
    apply(store, { type: 'error', service: 'TTS', message: 'm', sentence_id: 's1' });
    expect(store.sentences.get('s1')!.failed).toEqual({ A: true });
    apply(
      store,
      {
        type: 'reformulation_result',
        sentence_id: 's1',
        branch: 'B',
        language: 'es-ES',
        text: 'x',
        revision: 1,
      },
      { type: 'error', service: 'TTS', message: 'm', sentence_id: 's1' },
    );
    expect(store.sentences.get('s1')!.failed).toEqual({ A: true, B: true });
  });

  it('follows branch C, and a translation error after A is branch C failing', () => {
    const store = new ConversationStore();
    apply(store, asr('s2', 'hola', 'medic', 'text'), translation('s2', 1, 'hello'));
    store.noteBranchCSent('s2');
    apply(store, { type: 'error', service: 'Translation', message: 'm', sentence_id: 's2' });
    expect(store.sentences.get('s2')!.branchC).toEqual({ kind: 'failed' });
    expect(store.sentences.get('s2')!.failed.translation).toBeUndefined();
    apply(store, { type: 'branch_c_skipped', sentence_id: 's2', reason: 'unknown_speaker_role' });
    expect(store.sentences.get('s2')!.branchC).toEqual({
      kind: 'skipped',
      reason: 'unknown_speaker_role',
    });
  });
});

describe('ConversationStore, patients reached by fixed phrases only (issue 32)', () => {
  const notSent = {
    type: 'sentence_not_translated',
    sentence_id: 's1',
    reason: 'no_fixed_phrase',
    language: 'vi-VN',
    suggestions: [{ phrase_id: 'pain.body-part-hurts', text: 'Does your left arm hurt?' }],
    revision: 1,
  } as const satisfies ServerMessage;

  it('keeps the suggestions, then the chosen phrase’s translation as a new revision', () => {
    const store = new ConversationStore();
    store.apply(asr('s1', 'Do you have bad pain in your left arm today?', 'medic', 'text'));
    store.apply(notSent);
    const s1 = store.sentences.get('s1')!;
    expect(s1.notTranslated).toMatchObject({
      reason: 'no_fixed_phrase',
      suggestions: notSent.suggestions,
    });
    expect(isPending(s1)).toBe(false);
    store.noteChoiceSent('s1', 'pain.body-part-hurts');
    expect(isPending(s1)).toBe(true);
    store.apply({
      ...translation('s1', 2, 'Ông / Bà có đau cánh tay trái không?', 'en-US', 'vi-VN'),
      chosen: true,
    });
    expect(s1.notTranslated).toBeUndefined();
    expect(s1.choosing).toBeUndefined();
    expect(s1.translation).toMatchObject({ revision: 2, chosen: true });
  });

  it('counts a tapped answer as typed until it comes back, and remembers which', () => {
    const store = new ConversationStore();
    store.apply(asr('s1', 'Does your left arm hurt?', 'medic', 'text'));
    store.noteAnswered('s1', 'yes');
    expect(store.sentences.get('s1')!.answered).toBe('yes');
    expect(store.typedPending).toBe(1);
    store.apply(asr('s2', 'Có.', 'patient', 'text'));
    expect(store.typedPending).toBe(0);
  });

  it('does not wait for speech in a language no voice speaks', () => {
    const store = new ConversationStore();
    store.voiceless.add('fil-PH');
    store.apply(asr('s1', 'Does your left arm hurt?', 'medic', 'text'));
    store.apply(
      translation('s1', 1, 'Masakit po ba ang inyong kaliwang braso?', 'en-US', 'fil-PH'),
    );
    expect(store.pendingCount()).toBe(0);
  });
});
