import { ConfigError } from '../../config/load-config.js';
import { Phrasebook } from './phrasebook.js';
import { PhrasebookError } from './phrasebook-error.js';

/**
 * Reads the phrasebook (and a hospital's PHRASEBOOK_FILE) before the app starts, so that a file
 * with an error stops the start with its file, line and problem, like any other setting.
 */
export function loadPhrasebook(overlayFile: string | undefined): Phrasebook {
  try {
    return Phrasebook.cached({ overlayFile });
  } catch (error) {
    if (!(error instanceof PhrasebookError)) throw error;
    const which = error.file === overlayFile ? 'PHRASEBOOK_FILE' : 'The built-in phrasebook';
    throw new ConfigError([`${which}: ${error.message} See docs/phrasebook.md.`]);
  }
}
