/** Ranks items by score, highest first, into `into` from `firstPlace` on; equal scores share a place. */
export function rankBy<T>(
  items: readonly T[],
  score: (item: T) => number,
  into: Map<T, number>,
  firstPlace: number,
): void {
  const sorted = [...items].sort((a, b) => score(b) - score(a));
  sorted.forEach((item, i) => {
    const previous = sorted[i - 1];
    const place =
      previous !== undefined && score(previous) === score(item) ? (into.get(previous) as number) : firstPlace + i;
    into.set(item, place);
  });
}
