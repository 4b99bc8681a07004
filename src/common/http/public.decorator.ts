import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Marks a route as open without an API key (probes, scrapers; decisions §1). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
