import { describe, expect, it } from '@jest/globals';
import { isSpokenSentence, promptTexts, sphinxTranscription } from './recorded-sets.js';

describe('recorded sets', () => {
  it('reads a Sphinx transcription a line at a time', () => {
    const text = [
      '<s> he was not an ill disposed young man </s> (austen-0880)',
      '',
      '<s> he might even have been made amiable himself </s> (austen-0930)',
      'not a transcription line',
    ].join('\n');
    expect(sphinxTranscription(text)).toEqual([
      { id: 'austen-0880', words: 'he was not an ill disposed young man' },
      { id: 'austen-0930', words: 'he might even have been made amiable himself' },
    ]);
  });

  it("reads Asterisk's prompt list, with folders, skipping comments", () => {
    const texts = promptTexts(
      [
        '; Core Asterisk Sounds in English',
        'auth-thankyou: Thank you.',
        'dictate/forhelp: For help, press zero.',
        'beep: [this is a simple beep tone]',
      ].join('\n'),
    );
    expect([...texts]).toEqual([
      ['auth-thankyou', 'Thank you.'],
      ['dictate/forhelp', 'For help, press zero.'],
      ['beep', '[this is a simple beep tone]'],
    ]);
  });

  it('keeps prompts of two words or more, without digits or bracketed descriptions', () => {
    expect(isSpokenSentence('Thank you.')).toBe(true);
    expect(isSpokenSentence('Activated.')).toBe(false);
    expect(isSpokenSentence('Please press 1 to mute.')).toBe(false);
    expect(isSpokenSentence('[ascending tones]')).toBe(false);
    expect(isSpokenSentence('<beep ascending>')).toBe(false);
  });
});
