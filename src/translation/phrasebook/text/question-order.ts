/**
 * Whether English words (lowercase, contractions expanded, openers removed) ask by their order:
 * an auxiliary before its subject ("is your temperature high", "does the pain spread"), a
 * question word before an auxiliary ("when did it start", "how long"), or a question word after
 * a request to tell (`said`: the words with their openers, "tell me where the pain is"). A recognizer's period
 * after such words does not make them a statement, and words in statement order ("your
 * temperature is high", "metformin is for diabetes") do not ask, whatever the bag of words.
 */
export function asksByEnglishOrder(
  words: readonly string[],
  said: readonly string[],
): boolean | 'either' {
  const [first, second] = words;
  if (first === undefined) return false;
  // "Tell me where it hurts" asks, "Tell me when you are ready" instructs: either.
  if (QUESTION_WORDS.has(first) && askedToTell(said, first)) return 'either';
  if (first === 'any') return true;
  // "Do" and "have" also start instructions ("Do your exercises", "Have a seat", "Do it again").
  if (first === 'do' || first === 'have') return PERSONS.has(second) && second !== 'it';
  if (AUXILIARIES.has(first)) return SUBJECTS.has(second);
  if (QUESTION_WORDS.has(first)) {
    return AUXILIARIES.has(second) || second === 'do' || second === 'have' || HOW.has(second);
  }
  return false;
}

const PERSONS = new Set(['you', 'we', 'they', 'i', 'he', 'she', 'it', 'anyone', 'anybody']);
const SUBJECTS = new Set([
  ...PERSONS,
  'your',
  'his',
  'her',
  'their',
  'my',
  'our',
  'the',
  'this',
  'that',
  'these',
  'those',
  'there',
  'a',
  'an',
  'any',
  'anything',
  'someone',
  'somebody',
  'something',
  'everything',
]);
const AUXILIARIES = new Set([
  'does',
  'did',
  'is',
  'are',
  'was',
  'were',
  'am',
  'has',
  'had',
  'can',
  'could',
  'will',
  'would',
  'should',
  'shall',
  'may',
  'might',
  'must',
]);
/** "When you get home, rest": a question word alone does not ask. */
const QUESTION_WORDS = new Set([
  'how',
  'what',
  'when',
  'where',
  'which',
  'who',
  'whom',
  'whose',
  'why',
]);
const HOW = new Set(['many', 'much', 'long', 'often', 'old', 'bad', 'far', 'soon']);

/** "Tell me where …", "I need to know when …", "let me ask you how …". */
function askedToTell(said: readonly string[], questionWord: string): boolean {
  const before = said.slice(0, said.indexOf(questionWord)).join(' ');
  return /\b(?:tell me|know|ask you)$/.test(before);
}
