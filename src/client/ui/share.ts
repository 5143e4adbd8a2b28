/** The share box: the table's link, a copy button and a QR code. */
import { renderSVG } from "uqr";
import { h } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";

export function shareBox(i18n: I18n, link: string): HTMLElement {
  const input = h("input", {
    id: "share-link",
    class: "share-link",
    type: "url",
    readonly: true,
    value: link,
    "aria-label": i18n.t("shareLink"),
    onfocus: () => input.select(),
  });
  const status = h("span", { class: "copy-status", role: "status" });
  const copy = h("button", { type: "button", class: "copy", "data-focus": "copy" }, i18n.t("copy"));
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
  qr.innerHTML = renderSVG(link, { ecc: "M", border: 2, pixelSize: 4, blackColor: "#111", whiteColor: "#fff" });
  return h(
    "section",
    { class: "share", "aria-labelledby": "share-heading" },
    h("h2", { id: "share-heading" }, i18n.t("shareHeading")),
    h("p", { class: "hint" }, i18n.t("shareHint")),
    h("div", { class: "share-row" }, input, copy, status),
    qr,
  );
}
