/** A few DOM helpers: the page is plain DOM, no framework. */

type Child = Node | string | number | null | undefined | false;
type Props = Record<string, string | number | boolean | null | undefined | EventListener>;

/** Creates an element: `on…` props become listeners, booleans toggle attributes, the rest are attributes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/**
 * A part of the page rebuilt only when what it shows changes, so that a
 * re-render for an unrelated update does not steal the focus from its buttons.
 * The focus stays on the rebuilt element with the same `data-focus`; when that
 * is gone (a button that no longer applies), on the nearest enclosing element
 * with a `data-focus` that is still there (its row), rather than dropping to
 * the page's body.
 */
export class Section {
  readonly element: HTMLElement;
  private key: string | null = null;

  constructor(element: HTMLElement) {
    this.element = element;
  }

  update(key: unknown, build: () => (Child | Child[])[]): void {
    const next = JSON.stringify(key);
    if (next === this.key) return;
    this.key = next;
    const focused = document.activeElement;
    const focusIds: string[] = [];
    for (
      let element = focused instanceof HTMLElement && this.element.contains(focused) ? focused : null;
      element && element !== this.element;
      element = element.parentElement
    ) {
      if (element.dataset.focus) focusIds.push(element.dataset.focus);
    }
    this.element.replaceChildren();
    append(this.element, build());
    for (const id of focusIds) {
      const target = this.element.querySelector<HTMLElement>(`[data-focus="${id}"]`);
      if (target) {
        target.focus();
        break;
      }
    }
  }
}
