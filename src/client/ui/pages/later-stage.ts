/**
 * Fetches the files of a later stage of a page's code at once, as the build
 * lists them in the page's HTML (`<script type="application/json"
 * id="stage-…">`: `STAGES` in scripts/build-client.mjs). The table page's
 * opening calls it when it has drawn a usable board: the rest of the page
 * then comes without having shared the network with the opening, and
 * without a file waiting for the import before it. It imports nothing, so
 * that it costs the opening nothing but itself.
 */
export function fetchLaterStage(id: string): void {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(`stage-${id}`)?.textContent ?? "[]");
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
