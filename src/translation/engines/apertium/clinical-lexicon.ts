import { readFileSync } from 'node:fs';

/**
 * The Apertium binaries with the clinical lexicon compiled in (scripts/apertium-lexicon.mjs, run
 * by the set-up): build/apertium/manifest.json maps, per mode, each Debian file it extended to
 * the extended copy (relative to that folder). Without it (set-up not run) the modes keep Debian's files.
 */
export const CLINICAL_LEXICON_DIR = new URL('../../../../build/apertium/', import.meta.url);

type Manifest = Record<string, { replaced: Record<string, string> }>;

export class ClinicalLexicon {
  constructor(
    private readonly manifest: Manifest,
    private readonly dir: URL = CLINICAL_LEXICON_DIR,
  ) {}

  static load(dir: URL = CLINICAL_LEXICON_DIR): ClinicalLexicon {
    try {
      return new ClinicalLexicon(
        JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as Manifest,
        dir,
      );
    } catch {
      return new ClinicalLexicon({});
    }
  }

  /** The modes that have extended files. */
  get modes(): string[] {
    return Object.keys(this.manifest).filter(
      (mode) => Object.keys(this.manifest[mode].replaced).length > 0,
    );
  }

  /** The mode's shell pipeline reading the extended files where there are some. */
  apply(mode: string, command: string): string {
    let result = command;
    for (const [debian, extended] of Object.entries(this.manifest[mode]?.replaced ?? {})) {
      result = result.split(`'${debian}'`).join(`'${new URL(extended, this.dir).pathname}'`);
    }
    return result;
  }
}
