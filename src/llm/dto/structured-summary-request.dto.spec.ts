import { describe, expect, it } from '@jest/globals';
import { RequestValidationPipe } from '../../common/validation/request-validation.pipe.js';
import { RequestValidationException } from '../../common/validation/validation-detail.js';
import { StructuredSummaryRequestDto } from './structured-summary-request.dto.js';

const pipe = new RequestValidationPipe();
const validate = (body: unknown) =>
  pipe.transform(body, { type: 'body', metatype: StructuredSummaryRequestDto });

describe('StructuredSummaryRequestDto', () => {
  it('accepts a sentence of 50000 characters', async () => {
    const body = { sentence: 'a'.repeat(50_000), target_language: 'fr' };
    await expect(validate(body)).resolves.toBeInstanceOf(StructuredSummaryRequestDto);
  });

  // Found by the hostile-input fuzz (test/fuzz): a 1 MB sentence took minutes of CPU on the
  // event loop, stalling every other request and session.
  it('refuses a longer sentence with 422 string_too_long, as summarize does', async () => {
    const body = { sentence: 'The patient has a fever. '.repeat(2001), target_language: 'fr' };
    const error = await validate(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationException);
    expect((error as RequestValidationException).details).toEqual([
      {
        loc: ['body', 'sentence'],
        msg: 'sentence must be at most 50000 characters',
        type: 'string_too_long',
      },
    ]);
  });
});
