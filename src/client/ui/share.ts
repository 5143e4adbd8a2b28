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
  const input = h("input", {
    id: "share-link",
    class: "share-link",
    type: "url",
    readonly: true,
    value: link,
    "aria-label": i18n.t("shareLink"),
    onfocus: () => input.select(),
  });
  // A link longer than its field shows its end, the table's own part, rather than the host that every
  // link shares: scrolled there once the box is on the page.
  requestAnimationFrame(() => {
    input.scrollLeft = input.scrollWidth;
  });
  const status = h("span", { class: "copy-status", role: "status" });
  // Where the browser has a share sheet, it is the obvious way to send the link; elsewhere copying is.
  const canShare = typeof navigator.share === "function";
  const copy = h("button", { type: "button", class: "copy", "data-focus": "copy" }, i18n.t("copy"));
  const share = canShare
    ? h("button", { type: "button", class: "share-sheet", "data-focus": "share-sheet" }, i18n.t("shareButton"))
    : null;
  // The one button made primary when sharing is prominent: the share sheet where there is one, else copying.
  (share ?? copy).classList.add("when-prominent");
  share?.addEventListener("click", () => {
    navigator.share({ title: i18n.t("title"), text: i18n.t("shareText"), url: link }).catch(() => {
      // Dismissed, or refused: the link and the copy button are still there.
    });
  });
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
  const qr = h("div", { class: "qr", role: "img", "aria-label": i18n.t("qrCode") });
  // The QR code's encoder is a twentieth of the page's script, and only the waiting room needs it: it is
  // loaded then, and the code drawn when it arrives.
  import("./qr.ts").then(
    ({ qrSvg }) => {
      qr.innerHTML = qrSvg(link);
    },
    () => qr.remove(), // not loaded (the network went): the link and its buttons are still there
  );
  const box = h(
    "section",
    { class: "share", "aria-labelledby": "share-heading" },
    h("h2", { id: "share-heading" }, i18n.t("shareHeading")),
    h("p", { class: "hint" }, i18n.t("shareHint")),
    h("div", { class: "share-row" }, input, share, copy, status),
    qr,
  );
  setShareProminent(box, prominent);
  return box;
}

/** Makes the share box's main button primary, or not, in place. */
export function setShareProminent(box: HTMLElement, prominent: boolean): void {
  box.querySelector(".when-prominent")?.classList.toggle("primary", prominent);
}
