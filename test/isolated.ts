/**
 * A sentence as the page writes it: every value filled in stands between
 * U+2068 and U+2069 (a bidi isolate), so that a name written right to left
 * cannot reorder the words around it. `` isolated`${"Aino"} wins!` `` is
 * "\u2068Aino\u2069 wins!".
 */
export function isolated(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  return strings.reduce((text, part, i) => text + (i === 0 ? "" : `\u2068${values[i - 1]}\u2069`) + part, "");
}
