import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../config/load-config.js';
import { loadPhrasebook } from './load-phrasebook.js';

/** The start's error for a PHRASEBOOK_FILE holding `content` (undefined: no such file). */
function startError(content: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'phrasebook-'));
  const file = join(dir, 'phrases.yaml');
  try {
    if (content !== undefined) writeFileSync(file, content);
    loadPhrasebook(file);
    return 'started';
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('\n').replace(file, 'FILE');
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('loadPhrasebook (PHRASEBOOK_FILE at start)', () => {
  it('stops the start with the file, the line and the problem, as a configuration error', () => {
    expect(startError(undefined)).toBe(
      'PHRASEBOOK_FILE: FILE:1: cannot be read (ENOENT). See docs/phrasebook.md.',
    );
    expect(
      startError('phrases:\n  - id: hospital.new\n    en: "Sit here."\n    es: "Siéntese aquí."\n'),
    ).toBe(
      'PHRASEBOOK_FILE: FILE:2: hospital.new: no text in fr, pt-BR, it (every phrase is written in en, es, fr, pt-BR, it). See docs/phrasebook.md.',
    );
  });

  it('starts with the built-in phrasebook when no file is given', () => {
    expect(loadPhrasebook(undefined).entries.size).toBeGreaterThan(0);
  });
});
