export interface BuildStep {
  /** How scripts/setup.mjs names the step's runner. */
  readonly name: string;
  /** A file the step leaves, relative to the repository's root. */
  readonly output: string;
  /** What it builds, for the set-up's messages. */
  readonly what: string;
  /** A file the step cannot run without; the set-up skips the step when it is missing. */
  readonly needs?: string;
}

export const BUILD_STEPS: readonly BuildStep[];
