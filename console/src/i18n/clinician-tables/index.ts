/**
 * The clinician's side in each language a clinician may speak with the embedded engines, by
 * primary language subtag (pt for pt-BR and pt-PT alike). See ../clinician.ts.
 */
import type { ClinicianTable } from '../clinician-english';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { pt } from './pt';

export const CLINICIAN_TABLES: Readonly<Record<string, ClinicianTable>> = { es, fr, it, pt };
