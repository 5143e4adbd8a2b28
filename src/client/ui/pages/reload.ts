/**
 * Should a page's code not come (the network gone), the page loads again
 * when the network is back: a browser keeps a module that failed to come as
 * failed for the document's life.
 */
export function reloadWhenOnline(): void {
  window.addEventListener("online", () => location.reload(), { once: true });
}
