/**
 * The name you play under, remembered on this device for the next table:
 * typed on the front page when you create a table, or on a table page when
 * you sit down. Storage may be refused (private mode, a sandboxed iframe):
 * then nothing is remembered and nothing breaks.
 */
export const NAME_KEY = "chinese-checkers:name";

export function rememberedName(store: Storage | undefined): string {
  try {
    return store?.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

export function rememberName(store: Storage | undefined, name: string): void {
  try {
    store?.setItem(NAME_KEY, name);
  } catch {
    // Not remembered.
  }
}
