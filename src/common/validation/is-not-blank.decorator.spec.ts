import { describe, expect, it } from '@jest/globals';
import { validateSync } from 'class-validator';
import { IsNotBlank } from './is-not-blank.decorator.js';

class Text {
  @IsNotBlank()
  text!: unknown;
}

const failures = (text: unknown) =>
  validateSync(Object.assign(new Text(), { text })).map((error) => error.constraints);

describe('IsNotBlank', () => {
  it.each([' ', '\n\t\r', '\u00a0\u2003\u3000', '\u200b', '\ufeff', ' \u200d\ufe0f '])(
    'refuses %j, which shows nothing',
    (text) => {
      expect(failures(text)).toEqual([
        {
          isNotBlank:
            'text must not be blank: it holds only spaces, line breaks or invisible characters',
        },
      ]);
    },
  );

  it.each(['a', ' 5 mg ', '😀', '\u0301é', '。'])('accepts %j', (text) => {
    expect(failures(text)).toEqual([]);
  });

  it('leaves an empty string and other types to @MinLength and @IsString', () => {
    for (const text of ['', 42, null, undefined]) expect(failures(text)).toEqual([]);
  });
});
