import { describe, expect, it } from '@jest/globals';
import { withFormalRegister } from './formal-register.js';
import { withSubjectPronouns } from './subject-pronouns.js';

const MODE =
  "lt-proc -z 'a.automorf.bin' | apertium-transfer -z -b 'x.t1x' 'x.t1x.bin' | apertium-wblank-detach | lt-proc -z $1 'a.autogen.bin' | lt-proc -z -p 'a.autopgen.bin'";

describe('withFormalRegister', () => {
  it('puts one sed step right before the generator, for requests marked FORMAL only', () => {
    const command = withFormalRegister(MODE, 'fra_Latn');
    const [before, after] = command.split("| sed -u -z -E '");
    expect(before).toBe(
      "lt-proc -z 'a.automorf.bin' | apertium-transfer -z -b 'x.t1x' 'x.t1x.bin' | apertium-wblank-detach ",
    );
    expect(after).toMatch(/^\/\(\^\|\[\^\\\\\]\)\\\[FORMAL\\\]\/\{\n/);
    expect(after).toMatch(
      /\n\}' \| lt-proc -z \$1 'a\.autogen\.bin' \| lt-proc -z -p 'a\.autopgen\.bin'$/,
    );
    // The script is one single-quoted shell word.
    expect(after.split("'").length).toBe(2 + 4);
  });

  it('adds nothing for a language without a step, or a pipeline without a generator', () => {
    expect(withFormalRegister(MODE, 'eng_Latn')).toBe(MODE);
    expect(withFormalRegister("lt-proc -z 'a.automorf.bin'", 'spa_Latn')).toBe(
      "lt-proc -z 'a.automorf.bin'",
    );
  });
});

describe('withSubjectPronouns', () => {
  const SPANISH =
    "lt-proc -z 'spa.automorf.bin' | apertium-tagger -z -g 'spa.prob' | apertium-pretransfer -z | lt-proc -z $1 'eng.autogen.bin'";

  it('puts one sed step after the Spanish tagger of the Spanish-English pipeline only', () => {
    const command = withSubjectPronouns(SPANISH, 'spa_Latn', 'eng_Latn');
    expect(command).toMatch(
      /^lt-proc -z 'spa\.automorf\.bin' \| apertium-tagger -z -g 'spa\.prob' \| sed -u -z -E '[^']+' \| apertium-pretransfer -z \| lt-proc -z \$1 'eng\.autogen\.bin'$/,
    );
    expect(withSubjectPronouns(SPANISH, 'spa_Latn', 'fra_Latn')).toBe(SPANISH);
    expect(withSubjectPronouns(SPANISH, 'eng_Latn', 'spa_Latn')).toBe(SPANISH);
  });
});
