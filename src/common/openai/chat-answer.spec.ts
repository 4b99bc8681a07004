import { describe, expect, it } from '@jest/globals';
import { unwrapAnswer } from './chat-answer.js';

describe('unwrapAnswer', () => {
  it('drops a leading think block, a code fence and a pair of quotes', () => {
    expect(unwrapAnswer('<think>hmm</think>\n"Take two tablets."')).toBe('Take two tablets.');
    expect(unwrapAnswer('```text\nTake two tablets.\n```')).toBe('Take two tablets.');
    expect(unwrapAnswer('«Prenez deux comprimés.»')).toBe('Prenez deux comprimés.');
  });

  it('keeps quotes that belong to the text', () => {
    expect(unwrapAnswer('"Yes," she said, "twice."')).toBe('"Yes," she said, "twice."');
  });

  it('keeps a fence or quotes the source had', () => {
    expect(unwrapAnswer('"Deux comprimés."', '"Two tablets."')).toBe('"Deux comprimés."');
    expect(unwrapAnswer('```\nx\n```', '```\ny\n```')).toBe('```\nx\n```');
  });
});
