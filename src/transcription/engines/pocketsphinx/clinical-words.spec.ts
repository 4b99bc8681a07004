import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { readClinicalWords } from './clinical-words.js';

describe('the clinical words of the vocabulary', () => {
  it("are the words of the clinical model's terms, drugs among them", () => {
    const clinical = readClinicalWords();
    expect(clinical.has('sertraline')).toBe(true);
    // "atrial fibrillation" gives two.
    expect(clinical.has('atrial') && clinical.has('fibrillation')).toBe(true);
  });

  it('leave out comments, section names and the function words of a term', () => {
    const vocabulary = join(mkdtempSync(join(tmpdir(), 'clinical-')), 'vocabulary.txt');
    writeFileSync(vocabulary, '# drugs first\n[drugs]\nLisinopril\n\n[body]\nback of the knee\n');
    expect([...readClinicalWords(vocabulary)].sort()).toEqual(['back', 'knee', 'lisinopril']);
  });
});
