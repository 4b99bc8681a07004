import { describe, expect, it } from '@jest/globals';
import {
  ADDRESSEE_FEMALE_MARK,
  genderMarks,
  SPEAKER_FEMALE_MARK,
  withoutGenderMarks,
  withPartyGender,
} from './party-gender.js';

const COMMAND =
  "lt-proc -z 'a.automorf.bin' | apertium-transfer -z -b 'x.t1x' 'x.t1x.bin' | lt-proc -z $1 'b.autogen.bin'";

describe('party gender', () => {
  it('marks only the feminine parties, and the marks come off again', () => {
    expect(genderMarks()).toBe('');
    expect(genderMarks('male', 'male')).toBe('');
    expect(genderMarks('female', 'male')).toBe(SPEAKER_FEMALE_MARK);
    const both = genderMarks('female', 'female');
    expect(both).toBe(SPEAKER_FEMALE_MARK + ADDRESSEE_FEMALE_MARK);
    expect(withoutGenderMarks(`${both}Está cansada.[]`)).toBe('Está cansada.[]');
  });

  it('adds its step just before the generator of a gendered target only', () => {
    const command = withPartyGender(COMMAND, 'spa_Latn');
    expect(command.startsWith(COMMAND.slice(0, COMMAND.indexOf('| lt-proc -z $1')))).toBe(true);
    expect(command).toMatch(/\| sed -u -z -E '[^']+' \| lt-proc -z \$1 'b\.autogen\.bin'$/);
    expect(withPartyGender(COMMAND, 'eng_Latn')).toBe(COMMAND);
  });
});
