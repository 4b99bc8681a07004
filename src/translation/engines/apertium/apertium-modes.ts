/**
 * The Apertium modes the bootstrap installs (Debian packages apertium-eng-spa, apertium-fr-es,
 * apertium-es-pt, apertium-spa-ita), keyed by the FLORES codes they translate between. Pairs
 * without a mode of their own go through Spanish, the language every installed pair shares.
 */
export const APERTIUM_MODES: ReadonlyArray<{ mode: string; source: string; target: string }> = [
  { mode: 'eng-spa', source: 'eng_Latn', target: 'spa_Latn' },
  { mode: 'spa-eng', source: 'spa_Latn', target: 'eng_Latn' },
  { mode: 'fr-es', source: 'fra_Latn', target: 'spa_Latn' },
  { mode: 'es-fr', source: 'spa_Latn', target: 'fra_Latn' },
  { mode: 'pt-es', source: 'por_Latn', target: 'spa_Latn' },
  // Brazilian Portuguese (the catalog's pt-BR): você with third-person verbs, as clinics say.
  { mode: 'es-pt_BR', source: 'spa_Latn', target: 'por_Latn' },
  { mode: 'ita-spa', source: 'ita_Latn', target: 'spa_Latn' },
  { mode: 'spa-ita', source: 'spa_Latn', target: 'ita_Latn' },
];

export const APERTIUM_PIVOT = 'spa_Latn';

/**
 * The modes to chain from `source` to `target` among the `installed` ones: one direct mode, two
 * through the pivot, or undefined when no route exists.
 */
export function apertiumRoute(
  source: string,
  target: string,
  installed: ReadonlySet<string>,
): string[] | undefined {
  const find = (from: string, to: string) =>
    APERTIUM_MODES.find((m) => m.source === from && m.target === to && installed.has(m.mode))?.mode;
  const direct = find(source, target);
  if (direct) return [direct];
  const first = find(source, APERTIUM_PIVOT);
  const second = find(APERTIUM_PIVOT, target);
  return first && second ? [first, second] : undefined;
}

/** Languages that can be translated to and from every other available language. */
export function apertiumLanguages(installed: ReadonlySet<string>): Set<string> {
  const languages = new Set(APERTIUM_MODES.flatMap((m) => [m.source, m.target]));
  const reachable = [...languages].filter((code) =>
    [...languages].every(
      (other) =>
        other === code ||
        (apertiumRoute(code, other, installed) && apertiumRoute(other, code, installed)),
    ),
  );
  return new Set(reachable);
}
