import { describe, expect, it } from '@jest/globals';
import { findSaidInLogs, wordsOf } from './log-audit.js';

describe('findSaidInLogs', () => {
  const said = ['I have had a fever and a headache since yesterday.', 'Le patient est allergique.'];

  it('finds a whole text, whatever its case', () => {
    const logs = '{"level":30,"msg":"text: I HAVE HAD A FEVER AND A HEADACHE SINCE YESTERDAY."}';
    expect(findSaidInLogs(logs, said).map((finding) => finding.said)).toContain(
      'i have had a fever and a headache since yesterday.',
    );
  });

  it('finds a longer word of a text on its own, with the log around it', () => {
    const [finding] = findSaidInLogs('{"msg":"could not say allergique"}', said);
    expect(finding.said).toBe('allergique');
    expect(finding.context).toContain('could not say');
  });

  it('finds nothing in logs that hold only the service’s own words', () => {
    const logs =
      '{"level":30,"req":{"method":"POST","url":"/api/v1/translation/translate"},"res":{"statusCode":200},"msg":"request completed"}';
    expect(findSaidInLogs(logs, said)).toEqual([]);
  });

  it('takes words of seven letters or more, once', () => {
    expect(wordsOf(['Headache, headache and fever; médicament.'])).toEqual([
      'headache',
      'médicament',
    ]);
  });
});
