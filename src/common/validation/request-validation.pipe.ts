import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { IS_NOT_BLANK } from './is-not-blank.decorator.js';
import { RequestValidationException, ValidationDetail } from './validation-detail.js';

/** class-validator constraint → stable error `type` (pydantic's names, which 2.13 clients know). */
const TYPES: Record<string, string> = {
  isString: 'string_type',
  isNumber: 'float_type',
  isInt: 'int_type',
  isBoolean: 'bool_type',
  isNotEmpty: 'string_too_short',
  minLength: 'string_too_short',
  // Blank text is empty text to a reader; pydantic's stripped strings call it too short as well.
  [IS_NOT_BLANK]: 'string_too_short',
  maxLength: 'string_too_long',
  isLength: 'string_too_long',
  isIn: 'enum',
  isEnum: 'enum',
  matches: 'string_pattern_mismatch',
  min: 'greater_than_equal',
  max: 'less_than_equal',
  whitelistValidation: 'extra_forbidden',
  nestedValidation: 'model_type',
};
// Report the type error first: "must be a string" says more than "too long" for a number.
const PRIORITY = ['whitelistValidation', 'isString', 'isNumber', 'isInt', 'isBoolean'];

class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

function firstConstraint(error: ValidationError): [string, string] {
  const entries = Object.entries(error.constraints ?? {});
  return (
    entries.find(([name]) => PRIORITY.includes(name)) ?? entries[0] ?? ['invalid', 'Invalid value']
  );
}

function toDetails(errors: ValidationError[], loc: string[]): ValidationDetail[] {
  return errors.flatMap((error) => {
    const here = [...loc, error.property];
    if (error.children?.length) return toDetails(error.children, here);
    if (error.value === undefined || error.value === null) {
      return [{ loc: here, msg: 'Field required', type: 'missing' }];
    }
    const [name, message] = firstConstraint(error);
    if (name === 'whitelistValidation') {
      return [
        { loc: here, msg: `Extra field '${error.property}' is not permitted`, type: TYPES[name] },
      ];
    }
    return [{ loc: here, msg: message, type: TYPES[name] ?? name }];
  });
}

/**
 * The global validation: DTOs are validated and transformed, unknown fields are refused (a typo
 * such as `source_lang` must not be silently ignored in a medical request), and every failure is a
 * 422 with `detail: [{ loc, msg, type }]` whose `loc` starts with `body`, `query` or `path`.
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new ValidationFailure(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const where = metadata.type === 'param' ? 'path' : metadata.type;
    // No body at all: report each missing field rather than the absent object.
    if (metadata.type === 'body' && value === undefined) value = {};
    if (
      metadata.type === 'body' &&
      metadata.metatype &&
      this.toValidate(metadata) &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      throw new RequestValidationException([
        { loc: ['body'], msg: 'The request body must be a JSON object', type: 'model_type' },
      ]);
    }
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof ValidationFailure) {
        throw new RequestValidationException(toDetails(error.errors, [where]));
      }
      throw error;
    }
  }
}
