import { describe, expect, it } from '@jest/globals';
import { CheckedVoices } from './checked-voices.js';

describe('CheckedVoices', () => {
  it('checks once per key and answers the finished result afterwards', async () => {
    const checks = new CheckedVoices<string[]>();
    let runs = 0;
    const check = async () => {
      runs++;
      return ['en:male'];
    };
    expect(await checks.get('espeak-ng', check)).toEqual(['en:male']);
    expect(await checks.get('espeak-ng', check)).toEqual(['en:male']);
    expect(runs).toBe(1);
    await checks.get('/opt/espeak-ng', check);
    expect(runs).toBe(2);
  });

  it('keeps no failed check: the next caller checks again', async () => {
    const checks = new CheckedVoices<string[]>();
    await expect(
      checks.get('flite', () => Promise.reject(new Error('was stopped'))),
    ).rejects.toThrow('was stopped');
    expect(await checks.get('flite', async () => ['en:female'])).toEqual(['en:female']);
  });

  it('shares no check in progress: each caller runs its own until one has finished', async () => {
    const checks = new CheckedVoices<number>();
    let runs = 0;
    const check = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 10));
    const both = await Promise.all([checks.get('x', check), checks.get('x', check)]);
    expect(both.sort()).toEqual([1, 2]);
    expect(await checks.get('x', check)).toBe(2);
  });
});
