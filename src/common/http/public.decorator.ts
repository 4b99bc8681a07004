import { applyDecorators, SetMetadata } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';

export const IS_PUBLIC = 'isPublic';

/**
 * Marks a route as open without an API key (probes, scrapers; decisions §1), and documents it
 * so: `security: []` on its OpenAPI operation, overriding the document's bearer requirement.
 * The operation's other metadata (@ApiOperation, before or after this) is kept.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), documentedAsOpen);

function documentedAsOpen(_target: object, _key: string | symbol, descriptor: PropertyDescriptor) {
  const operation: object = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value) ?? {};
  Reflect.defineMetadata(
    DECORATORS.API_OPERATION,
    { ...operation, security: [] },
    descriptor.value,
  );
}
