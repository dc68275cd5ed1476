/**
 * "Did you mean …?": the known name closest to a mistyped one (a command, a flag, a member),
 * by edit distance (a swap of two neighbours counts as one edit), or none when nothing is
 * close enough to be a typo.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate `word` most likely stands for: the closest within a third of its length (at
 * least one edit), or the only candidate it starts (`--emai` → `--email`); case is ignored.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(typed.length / 3));
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance < bestDistance || (distance === bestDistance && best === undefined)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  const started = candidates.filter((c) => typed.length >= 2 && c.toLowerCase().startsWith(typed));
  return started.length === 1 ? started[0] : undefined;
}

/** `; did you mean X?`, or nothing when no candidate is close (what follows it starts a new sentence). */
export function didYouMean(word: string, candidates: readonly string[], show: (name: string) => string = (n) => n): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : `; did you mean ${show(match)}?`;
}
