/** Types of kneser-ney-trigram.mjs (the clinical language model of clinical-asr-model.mjs). */
export const DISCOUNT: number;
export interface ArpaEntry {
  readonly logp: number;
  readonly bow?: number;
}
export function kneserNeyTrigram(sentences: string[][]): Map<string, ArpaEntry>[];
export function writeArpa(orders: Map<string, ArpaEntry>[]): string;
export function arpaLogProb(
  orders: Map<string, ArpaEntry>[],
  history: string[],
  word: string,
): number;
