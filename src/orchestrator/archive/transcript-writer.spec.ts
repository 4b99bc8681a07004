import { describe, expect, it } from '@jest/globals';
import { at, conversationSnapshot } from '../../../test/support/conversation-snapshot.fixture.js';
import { block, onlySentence } from '../../../test/support/transcript-block.js';
import { writeTranscript } from './transcript-writer.js';

/**
 * The transcript of the fixture conversation, whole and part by part. The lines of a sentence in
 * each case the fixture does not hold: transcript-writer-sentences.spec.ts.
 */

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

  it('ends with the flags on the whole conversation', () => {
    expect(
      transcript.endsWith(
        'Conversation flags:\n' +
          '    Flag f3, other (14:12:55 UTC): Patient seemed tired; check understanding again.\n',
      ),
    ).toBe(true);
    expect(writeTranscript(onlySentence({}))).toMatch(/\nConversation flags: none\n$/);
  });

  it('does not change the snapshot', () => {
    const snapshot = conversationSnapshot();
    const copy = structuredClone(snapshot);
    writeTranscript(snapshot);
    expect(snapshot).toEqual(copy);
  });
});
