/**
 * Fetches the files of a part of the page at once, as the build lists them
 * in the page's HTML (`<script type="application/json" id="...">`:
 * `STAGES` in scripts/build-client.mjs): a page whose HTML shows its first
 * picture itself (the table page) fetches its code from its entry, once the
 * style sheet is in, so that the style sheet has the network to itself and
 * no file waits for the import before it. It imports nothing, so that the
 * page's entry is a file of its own, this small.
 */
export function preloadListed(id: string): void {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(id)?.textContent ?? "[]");
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== "string") continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}
