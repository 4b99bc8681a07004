/**
 * Base64 → Blob without one huge binary string: the archive can be tens of megabytes, so it is
 * decoded in slices (a multiple of 4 characters each).
 */
const SLICE = 1 << 20;

export function base64ToBlob(base64: string, type: string): Blob {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let start = 0; start < base64.length; start += SLICE) {
    const binary = atob(base64.slice(start, start + SLICE));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    parts.push(bytes);
  }
  return new Blob(parts, { type });
}
