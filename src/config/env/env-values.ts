/**
 * How an environment value becomes a setting's value before validation: numbers only when the
 * whole text is one (else the validator names the variable), text trimmed and empty as unset.
 */
export const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
export const toFloat = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
export const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;
/** The URL form every `*_BASE_URL`/`*_URL` setting takes (a local host name is fine). */
export const httpUrl = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
