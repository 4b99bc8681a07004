import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';

/** Every script of scripts/ is named in the README's map of the repository, with what it does. */
describe("the README's list of scripts/", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const listing = readme.slice(
    readme.indexOf('\nscripts/ '),
    readme.indexOf('```', readme.indexOf('\nscripts/ ')),
  );

  it('names every script, and only scripts that exist', () => {
    const scripts = readdirSync(new URL('.', import.meta.url)).filter((name) =>
      /\.(mjs|sh)$/.test(name),
    );
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((name) => !listing.includes(name))).toEqual([]);
    const named = [...listing.matchAll(/([a-z-]+\.(?:mjs|sh))/g)].map((m) => m[1]);
    expect(named.filter((name) => !scripts.includes(name!))).toEqual([]);
  });
});
