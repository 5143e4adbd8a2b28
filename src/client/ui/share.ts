/**
 * The share box: the table's link, a copy button, the phone's share sheet
 * where there is one (the Web Share API), and a QR code (its encoder loaded
 * when a share box is first drawn).
 */
import { h } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";

/**
 * `prominent`: sharing is the thing to do now (seats are free, and you have
 * one or host the table), so its button is the primary one. It can change
 * while the box is shown (your seat becomes known a moment after the page
 * draws): `setShareProminent` restyles the box without rebuilding it, which
 * would drop a "Copied!" just shown.
 */
export function shareBox(i18n: I18n, link: string, prominent = true): HTMLElement {
  // Where the browser has a share sheet, it is the obvious way to send the link; elsewhere copying is.
  const canShare = typeof navigator.share === "function";
  const share = canShare
    ? h("button", { type: "button", class: "share-sheet", "data-focus": "share-sheet" }, i18n.t("shareButton"))
    : null;
  share?.addEventListener("click", () => {
    navigator.share({ title: i18n.t("title"), text: i18n.t("shareText"), url: link }).catch(() => {
      // Dismissed, or refused: the link and the copy button are still there.
    });
  });
  const row = linkRow(i18n, link, { id: "share-link", label: i18n.t("shareLink"), before: share });
  // The one button made primary when sharing is prominent: the share sheet where there is one, else copying.
  (share ?? row.querySelector(".copy"))?.classList.add("when-prominent");
  const box = h(
    "section",
    { class: "share", "aria-labelledby": "share-heading" },
    h("h2", { id: "share-heading" }, i18n.t("shareHeading")),
    h("p", { class: "hint" }, i18n.t("shareHint")),
    row,
    qrCode(link, i18n.t("qrCode")),
  );
  setShareProminent(box, prominent);
  return box;
}

/**
 * A link to pass on: the link in a read-only field (selected when focused,
 * scrolled to its end), a copy button and its "Copied!", and `before` the
 * copy button any other button the box offers.
 */
export function linkRow(
  i18n: I18n,
  link: string,
  { id, label, before = null }: { id: string; label: string; before?: HTMLElement | null },
): HTMLElement {
  const input = h("input", {
    id,
    class: "share-link",
    type: "url",
    readonly: true,
    value: link,
    "aria-label": label,
    onfocus: () => input.select(),
  });
  // A link longer than its field shows its end, the table's own part, rather than the host that every
  // link shares: scrolled there once the box is on the page.
  requestAnimationFrame(() => {
    input.scrollLeft = input.scrollWidth;
  });
  const status = h("span", { class: "copy-status", role: "status" });
  const copy = h("button", { type: "button", class: "copy", "data-focus": `copy-${id}` }, i18n.t("copy"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard permission (or an insecure origin): select the text for a manual copy.
      input.focus();
      input.select();
      document.execCommand?.("copy");
    }
    status.textContent = i18n.t("copied");
    setTimeout(() => {
      status.textContent = "";
    }, 2500);
  });
  return h("div", { class: "share-row" }, input, before, copy, status);
}

/**
 * A link as a QR code, named `label` for screen readers. The encoder is a
 * twentieth of the page's script and only a few boxes need it: it is loaded
 * when the first is drawn, and the code drawn when it arrives.
 */
export function qrCode(link: string, label: string): HTMLElement {
  const qr = h("div", { class: "qr", role: "img", "aria-label": label });
  import("./qr.ts").then(
    ({ qrSvg }) => {
      qr.innerHTML = qrSvg(link);
    },
    () => qr.remove(), // not loaded (the network went): the link and its buttons are still there
  );
  return qr;
}

/** Makes the share box's main button primary, or not, in place. */
export function setShareProminent(box: HTMLElement, prominent: boolean): void {
  box.querySelector(".when-prominent")?.classList.toggle("primary", prominent);
}
