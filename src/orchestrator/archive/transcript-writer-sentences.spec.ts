import { describe, expect, it } from '@jest/globals';
import { at, inputAudio, speech } from '../../../test/support/conversation-snapshot.fixture.js';
import { block, onlySentence } from '../../../test/support/transcript-block.js';
import { writeTranscript } from './transcript-writer.js';

/**
 * The lines of one sentence in each case the fixture conversation does not hold: a fixed
 * phrase, a text not translated, revisions, shared speech, failures, fidelity, bad dates.
 */

describe('writeTranscript', () => {
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
});
