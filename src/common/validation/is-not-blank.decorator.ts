import { ValidateBy, type ValidationOptions } from 'class-validator';

/** A character that shows: neither whitespace nor an invisible one (zero-width space, BOM…). */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;

export const IS_NOT_BLANK = 'isNotBlank';

/**
 * Refuses a string of only spaces, line breaks or invisible characters: there is nothing to
 * translate, speak or summarize in it (the WebSocket's `text_input` refuses it too). An empty or
 * non-string value is left to @MinLength and @IsString, which say what is wrong with it.
 */
export function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: IS_NOT_BLANK,
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || value === '' || VISIBLE.test(value),
        defaultMessage: () =>
          '$property must not be blank: it holds only spaces, line breaks or invisible characters',
      },
    },
    options,
  );
}
