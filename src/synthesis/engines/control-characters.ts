/**
 * Control characters (other than tab and line breaks) replaced by spaces: they are not text, and
 * a NUL would end the text early in the C programs that read it (espeak-ng, libflite).
 */
export function withoutControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
}
