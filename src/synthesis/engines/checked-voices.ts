/**
 * What a synthesizer was found to speak, kept for the life of the process by what was checked
 * (the program and its candidate voices): it does not change while the process runs, and a check
 * runs many processes (espeak-ng: 164 at start, 2.6 s of CPU) once per app, and the tests start
 * about a hundred apps. Only a finished check is kept: one in progress belongs to its engine,
 * whose shutdown stops it, and a failed one is tried again by the next caller.
 */
export class CheckedVoices<T> {
  private readonly finished = new Map<string, T>();

  async get(key: string, check: () => Promise<T>): Promise<T> {
    if (this.finished.has(key)) return this.finished.get(key)!;
    const result = await check();
    this.finished.set(key, result);
    return result;
  }
}
