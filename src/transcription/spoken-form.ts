import { ToWords } from 'to-words';

/**
 * Text as the service hands it on: spoken English. A recognizer may write as a person types
 * ("Take 2 tablets, Mr. Smith."); the rest of the service (translation, the clinical checks of
 * doses, the combined engine's comparison of two recognizers' words, the word error rates) sees
 * the numbers, ordinals, times and the few spoken-as-words abbreviations written out: "Take two
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
