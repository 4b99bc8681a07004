/** Every language the page speaks besides English, by primary subtag. */
import type { PhraseTable } from './english';

export const TABLES: Record<string, PhraseTable> = {};
