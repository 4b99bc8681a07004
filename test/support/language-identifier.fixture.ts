/** What the language identifier's specs share (src/language/identification/*.spec.ts). */
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { LanguageIdentifier } from '../../src/language/identification/language-identifier.js';

/** The identifier with its models loaded, as the service starts it. */
export async function loadedIdentifier(): Promise<LanguageIdentifier> {
  const identifier = new LanguageIdentifier(new LanguageCatalog());
  await identifier.onModuleInit();
  return identifier;
}

/** Short English sentences lid.176 knows no word or n-gram of: its answer is the labels' prior. */
export const PRIOR_ENGLISH = [
  'My chest hurts when I breathe.',
  'My chest hurts.',
  'When I breathe.',
  'My knee hurts when I walk.',
  'My ear hurts.',
  'My hip hurts.',
  'My belly hurts.',
  'My knee aches.',
  'It hurts when I walk.',
  'It hurts when I swallow.',
  'My hip aches when I walk.',
  'My arm aches all day.',
  'It burns when I swallow.',
  'It hurts when I touch it.',
  'My jaw hurts when I swallow.',
  'My knee hurts so bad.',
  'My chest burns when I breathe.',
  'It aches when I walk.',
  'Not my knee, my hip.',
  'You hurt my arm.',
  'My nose burns.',
  'My neck aches when I walk.',
  'It hurts when I go up.',
  'My elbow aches.',
  'My jaw aches.',
  'It burns all day.',
  'When I walk, my knee hurts.',
  'Your hand hurts?',
  'My belly aches.',
  'When I breathe, it hurts.',
];
