/**
 * Spanish opens a question with ¿ and an exclamation with ¡; Apertium's pairs into Spanish leave
 * them out ("Es alérgica a penicilina?"), and its pairs from Spanish carry them into languages
 * that have none ("¿Sta Lei incinta?"). Issue 30, item 7.
 */

/** A sentence's end: . ? ! or … (repeated), a closing quote or bracket, then a space or the end. */
const SENTENCE_END = /[.?!…]+["'”’»)\]]*(?=\s|$)/gu;

/** `text` cut after each sentence's end (a decimal point is not one), spaces kept. */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const end of text.matchAll(SENTENCE_END)) {
    const to = end.index + end[0].length;
    out.push(text.slice(from, to));
    from = to;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/**
 * `text` with ¿ before each question and ¡ before each exclamation that lacks its opening mark,
 * placed at the sentence's first letter or digit (after an opening quote or bracket). A question
 * that opens inside a sentence ("Si le duele, ¿dónde?") cannot be told from the words; it gets
 * its mark at the sentence's start, which a reader still understands.
 */
export function withOpeningMarks(text: string): string {
  return sentencesOf(text)
    .map((sentence) => {
      const end = /([?!])[.?!…]*["'”’»)\]]*\s*$/u.exec(sentence);
      if (!end) return sentence;
      const opening = end[1] === '?' ? '¿' : '¡';
      if (sentence.includes(opening)) return sentence;
      return sentence.replace(/^(\s*["'“‘«([]*)(?=[\p{L}\p{N}])/u, `$1${opening}`);
    })
    .join('');
}

/** `text` without ¿ and ¡, for a language that does not write them. */
export function withoutOpeningMarks(text: string): string {
  return text.replace(/[¿¡]\s*/g, '');
}
