/** A problem in a phrasebook file, located to its line so a person can fix it. */
export class PhrasebookError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(`${file}:${line}: ${problem}`);
    this.name = 'PhrasebookError';
  }
}
