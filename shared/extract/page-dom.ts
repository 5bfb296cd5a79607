/**
 * The part of the DOM that extraction reads and changes, typed structurally so the same code runs on
 * the server's linkedom documents and on the live page in the extension (no DOM lib types here).
 */
export interface PageNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly firstChild: PageNode | null;
  readonly nextSibling: PageNode | null;
  readonly parentNode: PageNode | null;
}

export interface PageElement extends PageNode {
  readonly tagName: string;
  /** The tag name (lower case as parsed; linkedom keeps the case createElement was given). */
  readonly localName: string;
  readonly firstElementChild: PageElement | null;
  readonly nextElementSibling: PageElement | null;
  readonly previousElementSibling: PageElement | null;
  readonly parentElement: PageElement | null;
  readonly isConnected: boolean;
  innerHTML: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selectors: string): PageElement | null;
  closest(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): Iterable<PageElement> & { readonly length: number };
  remove(): void;
}

export interface PageDocument {
  readonly documentElement: PageElement;
  readonly body: PageElement | null;
  querySelectorAll(selectors: string): Iterable<PageElement> & { readonly length: number };
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

/** An inline style that hides its element: display none, visibility hidden. */
export const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Whether `element` is below `ancestor`, by its parents (a detached copy's isConnected says nothing). */
export function isInside(element: PageElement, ancestor: PageElement): boolean {
  for (let up = element.parentElement; up; up = up.parentElement) if (up === ancestor) return true;
  return false;
}
