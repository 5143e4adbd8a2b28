/** Answers that an HTTP cache may keep: the ETag of a version, and the answer only to an asker without it. */

/** An answer and its ETag; `value` is null when the asker has that version already. */
export interface Versioned<T> {
  readonly tag: string;
  readonly value: T | null;
}

/** The answer of version `tag`, built only when `seen` (an If-None-Match's tags) names neither it nor `*`. */
export function versioned<T>(tag: string, seen: readonly string[], build: () => T): Versioned<T> {
  return { tag, value: seen.includes(tag) || seen.includes("*") ? null : build() };
}
