import { describe, expect, it } from '@jest/globals';
import type { ConversationSnapshot, SentenceRecord } from '../conversation/conversation.types.js';
import {
  at,
  conversationSnapshot,
  inputAudio,
  sentenceRecord,
  speech,
} from '../../../test/support/conversation-snapshot.fixture.js';
import { writeTranscript } from './transcript-writer.js';

const EXPECTED = `Medical interpretation – conversation transcript
Date: 2026-06-22, 14:03:05 to 15:05:15 UTC (1 h 02 min 10 s)
Medic: French (fr-FR)
Patient: English (en-US), female, senior
Session: 7f3c2a1e-9b4d-4c2a-8e1f-0a1b2c3d4e5f
Sentences: 5 (4 processed, 1 empty, 0 failed)

Each sentence shows the original as recognized (or typed), then its literal translation
with its fidelity (a score from its back-translation and checks of its medical terms,
numbers and negation: a low one is a warning, a high one proves nothing), then the
plain-language reformulation, an aid that never replaces the translation.
A "Fixed phrase" is a translation written in advance that the sentence matched, shown with
the phrase as understood in the speaker's language and who reviewed it (unreviewed: written
by the project, not by a certified medical interpreter).
Branch C lines translate a sentence as if the other party had said it.

[00:07] s1 MEDIC (fr-FR): Bonjour madame, où avez-vous mal ?
    Machine translation (en-US, fidelity 92%): Hello madam, where does it hurt?
    Back-translation (fr-FR): Bonjour madame, où est-ce que ça fait mal ?
    Reformulation (en-US): Hello. Can you show me where you feel pain?
    Branch C, as if spoken by the patient (en-US → fr-FR): Bonjour madame, où avez-vous mal ?
    Flag f1, mistranslation (14:03:17 UTC): "madam" sounds odd here
    Audio: audio/s1-input.wav, audio/s1-A-r1.wav, audio/s1-B-r1.wav

[00:21] s2 MEDIC (fr-FR): Respirez profondément, s'il vous plaît. (recognition uncertain: confidence 0.384)
    Speaker corrected from patient to medic (14:03:30 UTC)
    Revision 1, as patient (superseded):
        Machine translation (fr-FR, fidelity 31%): Respirez profondément, s'il vous plaît.
        Back-translation (en-US): Breathe deeply please.
        Reformulation (fr-FR): Prenez une grande inspiration.
    Revision 2, as medic:
        Machine translation (en-US, fidelity 100%): Breathe in deeply, please.
        Back-translation (fr-FR): Respirez profondément, s'il vous plaît.
        Reformulation (en-US): Take a big, slow breath in, please.
    Flag f2, wrong speaker (14:03:29 UTC)
    Audio: audio/s2-input.wav, audio/s2-A-r1.wav, audio/s2-A-r2.wav, audio/s2-B-r2.wav, audio/s2-B-r2-2.wav

[00:40] s3 UNKNOWN (en-US): (no speech recognized)
    Audio: audio/s3-input.wav

[01:05] s4 PATIENT (en-US, typed): I am allergic to penicillin.
                                   And to latex.
    Machine translation (fr-FR, fidelity 88%): Je suis allergique à la pénicilline.
                                               Et au latex.
    Back-translation (en-US): I am allergic to penicillin. And to latex.
    Reformulation (fr-FR): La patiente signale une allergie à la pénicilline et au latex.
    Error (TTS): Speech synthesis timed out
    Audio: audio/s4-A-r1.wav

[62:05] s5 UNKNOWN (en-US): Thank you, doctor.
    Machine translation (fr-FR): Merci, docteur.
    Reformulation (fr-FR): Merci, docteur.
    Branch C skipped: the speaker is unknown
    Error (Back-translation): Back-translation unavailable
    Audio: audio/s5-input.wav

Conversation flags:
    Flag f3, other (14:12:55 UTC): Patient seemed tired; check understanding again.
`;

function onlySentence(fields: Partial<SentenceRecord>): ConversationSnapshot {
  const base = conversationSnapshot();
  const only = sentenceRecord({
    id: 's1',
    source: 'audio',
    detectedAt: at(3),
    text: 'Bonjour.',
    ...fields,
  });
  return { ...base, sentences: [only], flags: [], corrections: [] };
}

/** The block of lines of one sentence, from its `[mm:ss] <id> ` line to the blank line after. */
function block(transcript: string, id: string): string[] {
  const lines = transcript.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\[[\\d-]+:[\\d-]+\\] ${id} `).test(line));
  if (start < 0) throw new Error(`no sentence ${id}`);
  const end = lines.indexOf('', start);
  return lines.slice(start, end < 0 ? undefined : end);
}

describe('writeTranscript', () => {
  const transcript = writeTranscript(conversationSnapshot());

  it('writes the whole fixture conversation as expected', () => {
    expect(transcript).toBe(EXPECTED);
  });

  it('is plain text with LF line ends, ending with a newline', () => {
    expect(transcript).not.toContain('\r');
    expect(transcript.endsWith('\n')).toBe(true);
    expect(Buffer.from(transcript, 'utf8').toString('utf8')).toBe(transcript);
  });

  it('starts with the date and both parties with their languages', () => {
    const header = transcript.split('\n').slice(0, 6);
    expect(header).toContain('Date: 2026-06-22, 14:03:05 to 15:05:15 UTC (1 h 02 min 10 s)');
    expect(header).toContain('Medic: French (fr-FR)');
    expect(header).toContain('Patient: English (en-US), female, senior');
    expect(header).toContain('Sentences: 5 (4 processed, 1 empty, 0 failed)');
  });

  it('writes a short session as minutes and seconds, and a day change in full', () => {
    const short = { ...conversationSnapshot(), endedAt: at(602.4) };
    expect(writeTranscript(short)).toContain(
      'Date: 2026-06-22, 14:03:05 to 14:13:07 UTC (10 min 02 s)',
    );
    const overnight = { ...conversationSnapshot(), endedAt: '2026-06-23T00:10:00.000Z' };
    expect(writeTranscript(overnight)).toContain(
      'Date: 2026-06-22, 14:03:05 to 2026-06-23, 00:10:00 UTC (10 h 06 min 55 s)',
    );
  });

  it('leaves out the patient profile when not given', () => {
    const snapshot = { ...conversationSnapshot(), patient: { locale: 'en-US', name: 'English' } };
    expect(writeTranscript(snapshot)).toContain('Patient: English (en-US)\n');
  });

  it('writes the sentences in order, each with time, id, speaker and language', () => {
    const heads = transcript.split('\n').filter((line) => /^\[\d\d+:\d\d\] s\d+ /.test(line));
    expect(heads).toEqual([
      '[00:07] s1 MEDIC (fr-FR): Bonjour madame, où avez-vous mal ?',
      "[00:21] s2 MEDIC (fr-FR): Respirez profondément, s'il vous plaît. (recognition uncertain: confidence 0.384)",
      '[00:40] s3 UNKNOWN (en-US): (no speech recognized)',
      '[01:05] s4 PATIENT (en-US, typed): I am allergic to penicillin.',
      '[62:05] s5 UNKNOWN (en-US): Thank you, doctor.',
    ]);
  });

  it('gives the literal translation with its language and fidelity, then the reformulation', () => {
    const lines = block(transcript, 's1');
    const translation = lines.indexOf(
      '    Machine translation (en-US, fidelity 92%): Hello madam, where does it hurt?',
    );
    const reformulation = lines.indexOf(
      '    Reformulation (en-US): Hello. Can you show me where you feel pain?',
    );
    expect(translation).toBeGreaterThan(0);
    expect(reformulation).toBeGreaterThan(translation);
    expect(lines).toContain(
      '    Back-translation (fr-FR): Bonjour madame, où est-ce que ça fait mal ?',
    );
  });

  it('shows both languages: each original beside its translation', () => {
    expect(transcript).toContain('Bonjour madame, où avez-vous mal ?');
    expect(transcript).toContain('Hello madam, where does it hurt?');
    expect(transcript).toContain('I am allergic to penicillin.');
    expect(transcript).toContain('Je suis allergique à la pénicilline.');
  });

  it('keeps the translation when a reformulation exists: both are printed', () => {
    const snapshot = onlySentence({
      translations: [
        {
          revision: 1,
          sourceLanguage: 'fr-FR',
          targetLanguage: 'en-US',
          text: 'Hello.',
          origin: 'machine',
        },
      ],
      reformulations: [{ revision: 1, language: 'en-US', text: 'Hi there.' }],
    });
    const lines = block(writeTranscript(snapshot), 's1');
    expect(lines).toEqual([
      '[00:03] s1 MEDIC (fr-FR): Bonjour.',
      '    Machine translation (en-US): Hello.',
      '    Reformulation (en-US): Hi there.',
    ]);
  });

  it('labels a fixed phrase with its id and reviewer, and what it was understood as', () => {
    const fixed = (reviewedBy?: string) =>
      block(
        writeTranscript(
          onlySentence({
            translations: [
              {
                revision: 1,
                sourceLanguage: 'fr-FR',
                targetLanguage: 'en-US',
                text: 'Where does it hurt?',
                origin: 'phrasebook',
                phraseId: 'pain.where',
                understoodAs: 'Où avez-vous mal ?',
                reviewedBy,
              },
            ],
          }),
        ),
        's1',
      );
    expect(fixed()).toEqual([
      '[00:03] s1 MEDIC (fr-FR): Bonjour.',
      '    Fixed phrase pain.where (en-US, unreviewed): Where does it hurt?',
      '    Understood as (fr-FR): Où avez-vous mal ?',
    ]);
    expect(fixed('J. Doe, certified interpreter')[1]).toBe(
      '    Fixed phrase pain.where (en-US, reviewed by J. Doe, certified interpreter): Where does it hurt?',
    );
  });

  it('says a text already in the listener’s language was not translated', () => {
    const snapshot = onlySentence({
      text: 'Hello.',
      language: 'en-US',
      translations: [
        {
          revision: 1,
          sourceLanguage: 'en-US',
          targetLanguage: 'en-US',
          text: 'Hello.',
          origin: 'machine',
        },
      ],
    });
    expect(block(writeTranscript(snapshot), 's1')).toEqual([
      '[00:03] s1 MEDIC (en-US): Hello.',
      "    Not translated, already in the listener's language (en-US): Hello.",
    ]);
  });

  it('shows a speaker correction and each revision under its own heading', () => {
    expect(block(transcript, 's2').slice(0, 10)).toEqual([
      "[00:21] s2 MEDIC (fr-FR): Respirez profondément, s'il vous plaît. (recognition uncertain: confidence 0.384)",
      '    Speaker corrected from patient to medic (14:03:30 UTC)',
      '    Revision 1, as patient (superseded):',
      "        Machine translation (fr-FR, fidelity 31%): Respirez profondément, s'il vous plaît.",
      '        Back-translation (en-US): Breathe deeply please.',
      '        Reformulation (fr-FR): Prenez une grande inspiration.',
      '    Revision 2, as medic:',
      '        Machine translation (en-US, fidelity 100%): Breathe in deeply, please.',
      "        Back-translation (fr-FR): Respirez profondément, s'il vous plaît.",
      '        Reformulation (en-US): Take a big, slow breath in, please.',
    ]);
  });

  it('names revisions without a role when the corrections do not account for them', () => {
    const snapshot = onlySentence({
      revision: 3,
      translations: [
        {
          revision: 1,
          sourceLanguage: 'fr-FR',
          targetLanguage: 'en-US',
          text: 'One.',
          origin: 'machine',
        },
        {
          revision: 3,
          sourceLanguage: 'fr-FR',
          targetLanguage: 'en-US',
          text: 'Three.',
          origin: 'machine',
        },
      ],
    });
    const lines = block(writeTranscript(snapshot), 's1');
    expect(lines).toContain('    Revision 1 (superseded):');
    expect(lines).toContain('    Revision 3, as medic:');
  });

  it("lists a file once when the reformulation reuses the translation's speech, and says so", () => {
    const a = speech('A', 1, 'en-US', 1);
    const snapshot = onlySentence({
      inputAudio: inputAudio(100, 220),
      translations: [
        {
          revision: 1,
          sourceLanguage: 'fr-FR',
          targetLanguage: 'en-US',
          text: 'Hello.',
          origin: 'machine',
        },
      ],
      reformulations: [{ revision: 1, language: 'en-US', text: 'Hello.' }],
      // The pipeline does not speak an unchanged reformulation twice: B carries A's bytes.
      speech: [a, { ...a, branch: 'B' }],
    });
    expect(block(writeTranscript(snapshot), 's1').at(-1)).toBe(
      "    Audio: audio/s1-input.wav, audio/s1-A-r1.wav (also the reformulation's speech, which is the same text)",
    );
  });

  it('marks an empty sentence and lists its input audio', () => {
    expect(block(transcript, 's3')).toEqual([
      '[00:40] s3 UNKNOWN (en-US): (no speech recognized)',
      '    Audio: audio/s3-input.wav',
    ]);
  });

  it('marks a typed sentence and aligns the lines of a multi-line text', () => {
    const lines = block(transcript, 's4');
    expect(lines.slice(0, 4)).toEqual([
      '[01:05] s4 PATIENT (en-US, typed): I am allergic to penicillin.',
      '                                   And to latex.',
      '    Machine translation (fr-FR, fidelity 88%): Je suis allergique à la pénicilline.',
      '                                               Et au latex.',
    ]);
    expect(lines).toContain('    Error (TTS): Speech synthesis timed out');
    expect(lines).toContain('    Audio: audio/s4-A-r1.wav');
  });

  it('gives branch C results and skips, errors and flags on the sentence', () => {
    expect(block(transcript, 's1')).toContain(
      '    Branch C, as if spoken by the patient (en-US → fr-FR): Bonjour madame, où avez-vous mal ?',
    );
    expect(block(transcript, 's1')).toContain(
      '    Flag f1, mistranslation (14:03:17 UTC): "madam" sounds odd here',
    );
    expect(block(transcript, 's2')).toContain('    Flag f2, wrong speaker (14:03:29 UTC)');
    const s5 = block(transcript, 's5');
    expect(s5).toContain('    Machine translation (fr-FR): Merci, docteur.');
    expect(s5).toContain('    Branch C skipped: the speaker is unknown');
    expect(s5).toContain('    Error (Back-translation): Back-translation unavailable');
    const same = onlySentence({ branchCSkipped: ['same_translation_direction'] });
    expect(writeTranscript(same)).toContain(
      '    Branch C skipped: both parties share a language\n',
    );
  });

  it('says a revision was not translated, and in which language (issue 30, item 3)', () => {
    const outside = onlySentence({
      text: 'Tôi bị đau đầu từ hôm qua',
      language: 'vi-VN',
      role: 'unknown',
      outsideLanguage: 'vi-VN',
      withheld: [{ revision: 1, reason: 'language_outside_session', language: 'vi-VN' }],
    });
    expect(writeTranscript(outside)).toContain(
      "    Not translated: the text is in neither party's language (vi-VN); nothing was spoken\n",
    );
  });

  it('ends with the flags on the whole conversation', () => {
    expect(
      transcript.endsWith(
        'Conversation flags:\n' +
          '    Flag f3, other (14:12:55 UTC): Patient seemed tired; check understanding again.\n',
      ),
    ).toBe(true);
    expect(writeTranscript(onlySentence({}))).toMatch(/\nConversation flags: none\n$/);
  });

  it('lists a flag on a sentence not in the transcript with the conversation flags', () => {
    const snapshot = {
      ...onlySentence({}),
      flags: [{ id: 'f9', type: 'bug' as const, sentenceId: 's42', at: at(5) }],
    };
    expect(writeTranscript(snapshot)).toContain(
      'Conversation flags:\n    Flag f9, bug (14:03:10 UTC), on s42 (not in this transcript)\n',
    );
  });

  it('says when a sentence failed or was not finished', () => {
    const failed = writeTranscript(onlySentence({ status: 'errored' }));
    expect(block(failed, 's1')).toContain('    Error: processing failed');
    const pending = writeTranscript(onlySentence({ status: 'pending' }));
    expect(block(pending, 's1')[0]).toBe(
      '[00:03] s1 MEDIC (fr-FR): Bonjour. (processing had not finished when the session ended)',
    );
  });

  it('rounds and bounds fidelity as a whole percentage', () => {
    const withFidelity = (fidelity: number): string =>
      block(
        writeTranscript(
          onlySentence({
            translations: [
              {
                origin: 'machine',
                revision: 1,
                sourceLanguage: 'fr-FR',
                targetLanguage: 'en-US',
                text: 'Hi.',
                fidelity,
              },
            ],
          }),
        ),
        's1',
      )[1];
    expect(withFidelity(0.004)).toBe('    Machine translation (en-US, fidelity 0%): Hi.');
    expect(withFidelity(0.875)).toBe('    Machine translation (en-US, fidelity 88%): Hi.');
    expect(withFidelity(1.2)).toBe('    Machine translation (en-US, fidelity 100%): Hi.');
    expect(withFidelity(Number.NaN)).toBe('    Machine translation (en-US): Hi.');
  });

  it('copes with unreadable dates', () => {
    const snapshot = { ...onlySentence({ detectedAt: 'later' }), startedAt: 'soon' };
    const text = writeTranscript(snapshot);
    expect(text).toContain(`Date: soon to ${snapshot.endedAt}`);
    expect(text).toContain('[--:--] s1 MEDIC (fr-FR): Bonjour.');
  });

  it('does not change the snapshot', () => {
    const snapshot = conversationSnapshot();
    const copy = structuredClone(snapshot);
    writeTranscript(snapshot);
    expect(snapshot).toEqual(copy);
  });
});
