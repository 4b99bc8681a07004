/**
 * The thresholds of LanguageIdentifier, each with the measurements it was chosen on.
 */

/**
 * Thresholds, measured on 30 single words, 15 two-to-four-word phrases and 15 clinical sentences
 * in each of English, French and Spanish, as typed and capitalized with a full stop, against
 * every ordered pair of the three as candidates:
 * - single words are often wrong, even with a large margin ("náuseas", "jaqueca" and "ok" come
 *   out English at 0.89–0.97), and about 1 in 6 has no feature lid.176 knows ("hola", "toux", "no"):
 *   a text needs MIN_WORDS words;
 * - MIN_LETTERS keeps two-word fillers and answers of 4 letters ("ok ok", "sí sí", "no sé") out;
 * - texts of 2+ words that pass were all identified right (336 of 360 phrase pairs decided, 360
 *   of 360 sentence pairs), the smallest margin being 0.55; closer calls such as "le patient a
 *   de la fièvre" (Spanish 0.40, French 0.36) are left undecided by MIN_MARGIN;
 * - a text in neither candidate's language gave them at most 0.12 together, one in a candidate's
 *   language at least 0.16: under MIN_CANDIDATE_MASS the candidates are not what was said (88 of
 *   90 such texts left undecided);
 * - without candidates, sentences had a top probability of 0.53 or more, while the one wrong
 *   phrase ("left arm" → Polish) had 0.42: MIN_TOP_PROBABILITY (81 of 90 decided, none wrong).
 * Texts whose prediction is lid.176's prior (no known word or n-gram) are never decided by it.
 */
export const MIN_WORDS = 2;
export const MIN_LETTERS = 5;
export const MIN_MARGIN = 0.3;
export const MIN_CANDIDATE_MASS = 0.05;
export const MIN_TOP_PROBABILITY = 0.5;

/**
 * Among candidates, a text lid.176 gives its prior for, or too little candidate mass, goes to a
 * second detector: ELD (npm eld, its large n-gram table), whose byte 4-grams still cover the short
 * words lid.176's pruned vocabulary dropped ("my chest hurts when i breathe" is the prior, "my
 * chest hurts when i breathe in" English at 0.93). Measured on 30 words, 15 phrases, 15 sentences,
 * 30–36 short clinical sentences (3–8 words) and, where they could be found, sentences lid.176
 * gives its prior for (65 in English, 2–7 in the others) in each of English, French, Spanish,
 * German, Italian and Portuguese, against every pair of the six as candidates, plus 42 short
 * texts in Dutch, Catalan, Romanian, Polish, Galician, Swedish and Turkish:
 * - ELD scores each of its 60 languages; it decides only when its best language overall is a
 *   candidate, FALLBACK_MIN_MARGIN (relative) ahead of the other candidates and of every other
 *   language. English prior sentences were then decided for 290 of 325 text-pairs (89 %), the
 *   other languages' for 35 of 100, none wrong; of the 7,040 text-pairs in neither candidate's
 *   language, ELD decided none. The closest wrong call, "My belly aches." French 0.08 ahead of
 *   English, stays under it (0.05 decided 97 % of the English, that one among them). Held out:
 *   25 more English prior sentences, 120 of 125 text-pairs decided, none wrong. With too little
 *   candidate mass, ELD also decides a few texts lid.176 took for a third language ("Mi fa male
 *   l’orecchio.", German 0.19);
 * - with 2 words ELD is too often wrong ("Vomité anoche." French, Galician "Teño febre." Spanish):
 *   FALLBACK_MIN_WORDS;
 * - a candidate language ELD does not know (Galician, Swahili, ...) cannot be told from its
 *   neighbours (Galician comes out Portuguese), so ELD answers only when it knows every
 *   candidate's language.
 * Compared on the same set at their zero-wrong thresholds, ELD's medium table decided 35 % of
 * the English prior text-pairs, tinyld (heavy) 62 %, franc-min none without wrong ones.
 */
export const FALLBACK_MIN_WORDS = 3;
export const FALLBACK_MIN_MARGIN = 0.1;

/**
 * A text is in neither candidate's language (issue 30, item 3) when neither lid.176 nor ELD gave
 * it to a candidate and either
 * - most of its letters (OUTSIDE_MIN_SCRIPT_SHARE, at least OUTSIDE_MIN_LETTERS) are in a script
 *   none of the candidates' languages is written in ("我头疼" in an English–Spanish session), or
 * - the candidates have under MIN_CANDIDATE_MASS of lid.176's probability and, among all
 *   languages, lid.176 decides for another one (MIN_TOP_PROBABILITY, MIN_WORDS, MIN_LETTERS).
 * A wrong "outside" withholds a sentence's translation, so both need clear evidence; how often
 * each happens on the development set and on sentences in 12 other languages: docs/translation.md,
 * "A sentence in neither party's language".
 */
export const OUTSIDE_MIN_SCRIPT_SHARE = 0.6;
export const OUTSIDE_MIN_LETTERS = 2;
