// Generates src/language/catalog/language-catalog.data.json (committed) from three sources:
// scripts/data/flores200-codes.txt (the only hand-written input: which languages exist),
// CLDR (cldr-core: aliases, likely subtags, available locales, language matching) and ISO 639-3
// (iso-639-3). Run with `npm run catalog:generate` after bumping either package.
//
// Only FLORES-200 languages with an ISO 639-1 code are kept (directly, or through a CLDR
// "macrolanguage" alias such as arb→ar): clients address languages by ISO 639-1/BCP-47, and a
// language without a 2-letter code (ast, ceb, yue, ckb, …) has no BCP-47 default locale to offer.
// Dropped codes land in `excludedCodes` with the reason, so the normalizer can say why.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { URL } from 'node:url';
import { iso6393To1, iso6393To2B } from 'iso-639-3';

const require = createRequire(import.meta.url);
const cldr = (file) => require(`cldr-core/${file}.json`);
const cldrVersion = cldr('supplemental/likelySubtags').supplemental.version._cldrVersion;
const languageAlias = cldr('supplemental/aliases').supplemental.metadata.alias.languageAlias;
const likely = cldr('supplemental/likelySubtags').supplemental.likelySubtags;
const available = cldr('availableLocales').availableLocales.full;
const matching = cldr('supplemental/languageMatching').supplemental.languageMatching['written-new'];

const root = new URL('../', import.meta.url);
const OUT = 'src/language/catalog/language-catalog.data.json';
const MIN_ENTRIES = 100;

const floresCodes = readFileSync(new URL('scripts/data/flores200-codes.txt', root), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

// --- BCP-47 helpers (lang[-Script][-REGION] only: variants are not language groups) ---

const title = (s) => s[0].toUpperCase() + s.slice(1).toLowerCase();
function parseTag(tag) {
  const m = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?$/i.exec(tag);
  if (!m) return undefined;
  return { lang: m[1].toLowerCase(), script: m[2] && title(m[2]), region: m[3]?.toUpperCase() };
}
const format = ({ lang, script, region }) => [lang, script, region].filter(Boolean).join('-');

// Replaces deprecated/overlong/macrolanguage codes (iw→he, tl→fil, arb→ar); the replacement's
// script and region only fill fields the tag does not already have (UTS #35 canonicalization).
function canonicalize(tag) {
  let t = { ...tag };
  for (let alias = languageAlias[t.lang]; alias; alias = languageAlias[t.lang]) {
    const r = parseTag(alias._replacement);
    if (!r || r.lang === t.lang) break;
    t = { lang: r.lang, script: t.script ?? r.script, region: t.region ?? r.region };
  }
  return t;
}

// CLDR "add likely subtags": first hit of L-S-R, L-R, L-S, L, und-S fills the missing fields.
function maximize(tag) {
  const { lang, script, region } = canonicalize(tag);
  const keys = [];
  if (script && region) keys.push(format({ lang, script, region }));
  if (region) keys.push(format({ lang, region }));
  if (script) keys.push(format({ lang, script }));
  keys.push(lang);
  if (script) keys.push(`und-${script}`);
  const hit = keys.map((key) => likely[key]).find(Boolean);
  if (!hit) return undefined;
  const h = parseTag(hit);
  return { lang, script: script ?? h.script, region: region ?? h.region };
}

// "Remove likely subtags", favouring the region: fr-Latn-FR → fr-FR (a default locale always
// names a country), zh-Hant-TW → zh-TW, but az-Arab-IR stays whole when az-IR would mean Latin.
function minimize(tag) {
  const full = maximize(tag);
  const short = { lang: full.lang, region: full.region };
  return format(sameLangScript(maximize(short), full) ? short : full);
}
const sameLangScript = (a, b) => a && b && a.lang === b.lang && a.script === b.script;

// --- Catalog entries ---

// ISO 639-1 of a FLORES language: direct, or via a CLDR macrolanguage alias (arb→ar, pes→fa).
// ISO 639-3 macrolanguage memberships that CLDR's alias data lacks but a clinic needs: Southern
// Pashto is the Pashto (pus/ps) of Afghanistan and Pakistan, Ayacucho Quechua a Quechua (que/qu).
const MACROLANGUAGE_MEMBERS = { pbt: 'ps', quy: 'qu' };

function iso6391Of(iso3) {
  if (iso6393To1[iso3]) return { iso1: iso6393To1[iso3], direct: true };
  if (MACROLANGUAGE_MEMBERS[iso3]) return { iso1: MACROLANGUAGE_MEMBERS[iso3], direct: false };
  const alias = languageAlias[iso3];
  const lang = alias?._reason === 'macrolanguage' && parseTag(alias._replacement)?.lang;
  if (lang?.length === 2) return { iso1: lang, direct: alias._replacement === lang };
  return undefined;
}

// FLORES and CLDR sometimes name a script differently (kor_Hang vs ko-Kore): take CLDR's likely
// script when CLDR language matching treats the FLORES one as a close variant of it.
function bcp47Script(lang, floresScript) {
  const likelyScript = maximize({ lang })?.script;
  if (!likelyScript || likelyScript === floresScript) return floresScript;
  const close = matching.languageMatch.some(
    (m) =>
      m._desired === `${lang}-${floresScript}` &&
      m._supported === `${lang}-${likelyScript}` &&
      Number(m._distance) <= 5,
  );
  return close ? likelyScript : floresScript;
}

const excludedCodes = {};
const groups = new Map(); // "lang-Script" → candidates
for (const code of floresCodes) {
  const [iso3, floresScript] = code.split('_');
  const found = iso6391Of(iso3);
  if (!found) {
    excludedCodes[code] = 'it has no ISO 639-1 code';
    continue;
  }
  const lang = canonicalize({ lang: found.iso1 }).lang; // tl → fil
  const script = bcp47Script(lang, floresScript);
  // Preferred when several codes share lang+script: arb over Arabic dialects, aka over twi (tw→ak).
  const rank = found.direct && lang === found.iso1 ? 0 : 1;
  const key = `${lang}-${script}`;
  groups.set(key, [...(groups.get(key) ?? []), { code, iso1: found.iso1, script, rank }]);
}

const winners = [];
for (const [key, candidates] of groups) {
  const [winner, ...rest] = candidates.sort((a, b) => a.rank - b.rank);
  if (rest.some((c) => c.rank === winner.rank)) {
    throw new Error(`Ambiguous FLORES codes for ${key}: ${candidates.map((c) => c.code)}`);
  }
  for (const c of rest) excludedCodes[c.code] = `it duplicates ${winner.code} (${key})`;
  winners.push(winner);
}

const iso1To3 = Object.fromEntries(Object.entries(iso6393To1).map(([three, one]) => [one, three]));
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const scriptNames = new Intl.DisplayNames(['en'], { type: 'script' });
// "Chinese (Simplified)": the script is named only when an ISO 639-1 code has several entries.
function nameOf({ code, iso6391 }, entries) {
  const name = languageNames.of(iso6391);
  if (entries.filter((e) => e.iso6391 === iso6391).length === 1) return name;
  const script = scriptNames.of(code.split('_')[1]).replace(/^(Simplified|Traditional) Han$/, '$1');
  return `${name} (${script})`;
}

const built = winners.map((winner) => {
  const full = maximize({ lang: winner.iso1, script: winner.script });
  const bcp47 = minimize(full);
  const regionalLocales = new Set();
  for (const locale of available) {
    const tag = parseTag(locale);
    if (tag && sameLangScript(maximize(tag), full) && minimize(tag) !== bcp47) {
      regionalLocales.add(minimize(tag));
    }
  }
  return {
    code: winner.code,
    bcp47,
    iso6391: winner.iso1,
    iso6393: iso1To3[winner.iso1],
    regionalLocales: [...regionalLocales].sort(),
  };
});
// A secondary script whose locale cannot be written lang-REGION (ar-Latn-EG, ks-Deva-IN) is a
// romanization or minority writing, not a translation target a clinic asks for; zh-TW stays.
const kept = built.filter((entry) => {
  if (!parseTag(entry.bcp47).script) return true;
  excludedCodes[entry.code] = `its locale ${entry.bcp47} is a secondary script of ${entry.iso6391}`;
  return false;
});
const languages = kept.map((entry) => ({ ...entry, name: nameOf(entry, kept) }));
languages.sort((a, b) => (a.bcp47 < b.bcp47 ? -1 : 1));

// --- Lookup keys for the runtime normalizer (which cannot import the ESM iso-639-3) ---

const catalogLangs = new Set(languages.map((l) => parseTag(l.bcp47).lang));
const aliases = {};
const addAlias = (key, target) => {
  const t = canonicalize(parseTag(target));
  if (!catalogLangs.has(key) && catalogLangs.has(t.lang) && !aliases[key]) aliases[key] = format(t);
};
for (const key of Object.keys(languageAlias)) {
  if (/^[a-z]{2,8}$/.test(key)) addAlias(key, key); // canonicalize() applies the alias chain
}
for (const [three, one] of Object.entries(iso6393To1)) addAlias(three, one);
for (const [three, twoB] of Object.entries(iso6393To2B)) {
  if (iso6393To1[three]) addAlias(twoB, iso6393To1[three]); // fre, ger, chi
}
// CLDR language matching at distance ≤ 1 means "the same written language" (no ↔ nb).
for (const m of matching.languageMatch) {
  const plain = /^[a-z]{2,3}$/.test(m._desired) && /^[a-z]{2,3}$/.test(m._supported);
  if (!plain || Number(m._distance) > 1) continue;
  addAlias(m._desired, m._supported);
  if (!m._oneway) addAlias(m._supported, m._desired);
}

// Likely script per catalog language, plus lang-REGION keys whose script differs (zh-TW → Hant).
const likelyScripts = {};
for (const lang of catalogLangs) likelyScripts[lang] = maximize({ lang }).script;
for (const key of Object.keys(likely)) {
  const tag = parseTag(key);
  if (!tag?.region || tag.script || !catalogLangs.has(tag.lang)) continue;
  const { script } = maximize(tag);
  if (script !== likelyScripts[tag.lang]) likelyScripts[key] = script;
}

const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
const data = {
  $comment: `Generated by scripts/generate-language-catalog.mjs from FLORES-200, CLDR ${cldrVersion} and ISO 639-3. Do not edit by hand.`,
  languages,
  aliases: sortKeys(aliases),
  likelyScripts: sortKeys(likelyScripts),
  excludedCodes: sortKeys(excludedCodes),
};

if (new Set(languages.map((l) => l.bcp47)).size !== languages.length) {
  throw new Error('Duplicate bcp47 in the catalog');
}
if (languages.length < MIN_ENTRIES) {
  throw new Error(`Only ${languages.length} languages; the catalog needs at least ${MIN_ENTRIES}`);
}
writeFileSync(new URL(OUT, root), `${JSON.stringify(data, null, 2)}\n`);
console.log(
  `Wrote ${languages.length} languages to ${OUT} ` +
    `(${Object.keys(excludedCodes).length} of ${floresCodes.length} FLORES-200 codes excluded).`,
);
