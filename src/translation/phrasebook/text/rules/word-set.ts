/** A set of the words of a space-separated list. */
export const wordSet = (words: string) => new Set(words.split(/\s+/).filter(Boolean));
