/**
 * Area under the ROC curve of a score meant to be higher for `positives` than for `negatives`:
 * the probability that a random positive outscores a random negative, ties counting half
 * (Mann–Whitney U from average ranks). 1 separates perfectly, 0.5 is chance. NaN without both.
 */
export function rocAuc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return NaN;
  const all = [
    ...positives.map((score) => ({ score, positive: true })),
    ...negatives.map((score) => ({ score, positive: false })),
  ].sort((a, b) => a.score - b.score);
  let positiveRankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j].score === all[i].score) j++;
    const averageRank = (i + 1 + j) / 2; // ranks i+1..j share their mean
    for (let k = i; k < j; k++) if (all[k].positive) positiveRankSum += averageRank;
    i = j;
  }
  const n = positives.length;
  return (positiveRankSum - (n * (n + 1)) / 2) / (n * negatives.length);
}
