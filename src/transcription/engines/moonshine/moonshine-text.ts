import llamaTokenizer from 'llama-tokenizer-js';
import { ToWords } from 'to-words';

/**
 * From Moonshine's tokens to the text the service hands on. Moonshine writes as a person types:
 * "Take 2 tablets, Mr. Smith." The rest of the service (translation, the clinical checks of
 * doses, the recognizer's other engines and their word error rates) sees spoken English, so the
 * numbers, ordinals, times and the few spoken-as-words abbreviations are written out: "Take two
 * tablets, mister Smith." Case and punctuation stay: they help the translation.
 */

const toWords = new ToWords({ localeCode: 'en-US' });
const words = (value: number): string => toWords.convert(value).toLowerCase();

/** Abbreviations that are read as one word, as Moonshine (Mr.) and pocketsphinx (mr) write them. */
const SPOKEN: Record<string, string> = {
  mr: 'mister',
  mrs: 'missus',
  dr: 'doctor',
};

/** Moonshine's vocabulary is LLaMA's SentencePiece one: token 1 starts a text. */
export function tokensToText(tokens: readonly number[]): string {
  return llamaTokenizer.decode([1, ...tokens]).trim();
}

/** A text as Moonshine's tokens (without the start token), for scoring. */
export function textToTokens(text: string): number[] {
  return llamaTokenizer.encode(text).slice(1);
}

/** `text` with its figures and spoken abbreviations written as words. */
export function spokenForm(text: string): string {
  return (
    text
      .replace(/\b(Mr|Mrs|Dr|mr|mrs|dr)\b\.?/g, (_, abbreviation: string) => {
        const word = SPOKEN[abbreviation.toLowerCase()];
        return abbreviation[0] === abbreviation[0].toUpperCase()
          ? word[0].toUpperCase() + word.slice(1)
          : word;
      })
      // 3:30 → three thirty; 3:00 → three o'clock
      .replace(/\b(\d{1,2}):(\d{2})\b/g, (_, hours: string, minutes: string) =>
        minutes === '00'
          ? `${words(Number(hours))} o'clock`
          : `${words(Number(hours))} ${Number(minutes) < 10 ? 'oh ' : ''}${words(Number(minutes))}`,
      )
      // 1st, 22nd, 3rd, 4th
      .replace(/\b(\d+)(?:st|nd|rd|th)\b/g, (_, n: string) =>
        toWords.toOrdinal(Number(n)).toLowerCase(),
      )
      // 1,000 → 1000; then 98.6, 50, 0.5
      .replace(/\b(\d{1,3}(?:,\d{3})+)\b/g, (figure: string) => figure.replace(/,/g, ''))
      .replace(/\d+(?:\.\d+)?/g, (figure: string) => words(Number(figure)))
      .replace(/\s*%/g, ' percent')
  );
}

/** How sure the model is of its text: the geometric mean of its tokens' probabilities. */
export function meanProbability(logProbs: readonly number[]): number {
  if (logProbs.length === 0) return 0;
  return Math.exp(logProbs.reduce((sum, logProb) => sum + logProb, 0) / logProbs.length);
}
