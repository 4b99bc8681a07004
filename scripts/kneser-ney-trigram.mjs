/**
 * The recognizer's clinical language model as clinical-asr-model.mjs builds it: an interpolated
 * Kneser-Ney trigram model of the clinical sentences, its ARPA text, and the probability a
 * reader of that text computes (to check the two agree, and to tune the mixture weight).
 */

const BOS = '<s>';
const EOS = '</s>';
/** Kneser-Ney discount (the usual single D; counts are too small to estimate three). */
export const DISCOUNT = 0.75;

/**
 * An interpolated Kneser-Ney trigram model of `sentences` (word arrays), as ARPA sections:
 * `orders[n - 1]` maps the n-gram (words joined by spaces) to { logp, bow } in log10. The
 * highest order uses counts, the lower ones continuation counts (how many distinct words precede);
 * an n-gram's probability is its discounted share plus its context's left-over mass times the
 * lower order; the context's backoff weight is that left-over mass, so p(w | h) of an n-gram not
 * listed is bow(h) · p(w | shorter h), as ARPA readers compute it. Unigrams interpolate with
 * the uniform distribution over the vocabulary, so every word has mass.
 */
export function kneserNeyTrigram(sentences) {
  const counts = [new Map(), new Map(), new Map()];
  const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const words of sentences) {
    const s = [BOS, ...words, EOS];
    for (let i = 1; i < s.length; i++) {
      bump(counts[1], `${s[i - 1]} ${s[i]}`);
      if (i >= 2) bump(counts[2], `${s[i - 2]} ${s[i - 1]} ${s[i]}`);
    }
  }
  // The bigram level counts continuations (distinct words before the bigram), except for the
  // bigrams that start with <s>, which nothing precedes: they keep their counts.
  const continuation = (order) => {
    const map = new Map();
    for (const key of counts[order].keys()) bump(map, key.slice(key.indexOf(' ') + 1));
    return map;
  };
  const cont2 = continuation(2); // bigram → distinct words before it
  const cont1 = continuation(1); // word → distinct words before it
  const bigramCount = (key) =>
    key.startsWith(`${BOS} `) ? counts[1].get(key) : (cont2.get(key) ?? 0);

  const vocabulary = new Set([EOS]);
  for (const words of sentences) for (const w of words) vocabulary.add(w);

  // Unigrams: continuation counts, discounted, interpolated with uniform.
  const unigrams = new Map();
  const cont1Total = [...cont1.values()].reduce((a, b) => a + b, 0);
  const leftover1 = (DISCOUNT * cont1.size) / cont1Total;
  const uniform = 1 / vocabulary.size;
  for (const w of vocabulary) {
    const c = cont1.get(w) ?? 0;
    unigrams.set(w, Math.max(c - DISCOUNT, 0) / cont1Total + leftover1 * uniform);
  }

  // Interpolated p(w | h) of one order from its n-gram counts and the lower order's p.
  const level = (ngramCount, keys, lower) => {
    const totals = new Map();
    const types = new Map();
    for (const key of keys) {
      const h = key.slice(0, key.lastIndexOf(' '));
      totals.set(h, (totals.get(h) ?? 0) + ngramCount(key));
      types.set(h, (types.get(h) ?? 0) + 1);
    }
    const probs = new Map();
    for (const key of keys) {
      const h = key.slice(0, key.lastIndexOf(' '));
      const rest = key.slice(key.indexOf(' ') + 1);
      const gamma = (DISCOUNT * types.get(h)) / totals.get(h);
      probs.set(key, (ngramCount(key) - DISCOUNT) / totals.get(h) + gamma * lower(rest));
    }
    const gammas = new Map([...totals].map(([h, t]) => [h, (DISCOUNT * types.get(h)) / t]));
    return { probs, gammas };
  };
  const bi = level(bigramCount, [...counts[1].keys()], (w) => unigrams.get(w));
  const pBigram = (key) => {
    if (bi.probs.has(key)) return bi.probs.get(key);
    const h = key.slice(0, key.indexOf(' '));
    return (bi.gammas.get(h) ?? 1) * unigrams.get(key.slice(key.indexOf(' ') + 1));
  };
  const tri = level((key) => counts[2].get(key), [...counts[2].keys()], pBigram);

  const log10 = Math.log10;
  const orders = [new Map(), new Map(), new Map()];
  orders[0].set(BOS, { logp: -99, bow: log10(bi.gammas.get(BOS) ?? 1) });
  for (const [w, p] of unigrams) {
    const gamma = bi.gammas.get(w);
    orders[0].set(w, { logp: log10(p), bow: gamma === undefined ? undefined : log10(gamma) });
  }
  for (const [key, p] of bi.probs) {
    const gamma = tri.gammas.get(key);
    orders[1].set(key, { logp: log10(p), bow: gamma === undefined ? undefined : log10(gamma) });
  }
  for (const [key, p] of tri.probs) orders[2].set(key, { logp: log10(p) });
  return orders;
}

/** The ARPA text of `orders` (as kneserNeyTrigram returns). */
export function writeArpa(orders) {
  const fmt = (x) => x.toFixed(6);
  const out = ['\\data\\', ...orders.map((o, i) => `ngram ${i + 1}=${o.size}`), ''];
  orders.forEach((o, i) => {
    out.push(`\\${i + 1}-grams:`);
    for (const [key, { logp, bow }] of o) {
      out.push(bow === undefined ? `${fmt(logp)}\t${key}` : `${fmt(logp)}\t${key}\t${fmt(bow)}`);
    }
    out.push('');
  });
  out.push('\\end\\', '');
  return out.join('\n');
}

/** log10 p(w | history) by ARPA backoff over `orders`. */
export function arpaLogProb(orders, history, word) {
  for (let n = Math.min(history.length, orders.length - 1); n >= 0; n--) {
    const h = history.slice(history.length - n);
    const hit = orders[n].get([...h, word].join(' '));
    if (hit) {
      // Back off from the longer contexts that do not list the n-gram.
      let bows = 0;
      for (let m = n + 1; m <= Math.min(history.length, orders.length - 1); m++) {
        const ctx = orders[m - 1].get(history.slice(history.length - m).join(' '));
        bows += ctx?.bow ?? 0;
      }
      return hit.logp + bows;
    }
  }
  return -Infinity;
}
