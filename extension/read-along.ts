/**
 * Read-along on the page a read-mode podcast came from: the paragraph being read is highlighted and
 * kept in view, and a click on a paragraph of the article asks to play from there. The page's DOM is
 * never changed: the highlight is a CSS Custom Highlight (styled by the stylesheet the background
 * inserts), with a marking attribute only where a browser lacks that API. `stop` removes the
 * highlight and every listener.
 */

/** The name of the highlight (and of the fallback attribute) the inserted stylesheet styles. */
export const READ_ALONG_HIGHLIGHT = 'pagecast-reading';
export const READ_ALONG_ATTRIBUTE = 'data-pagecast-reading';
/** The stylesheet the background inserts into the page while read-along runs. */
export const READ_ALONG_CSS = `::highlight(${READ_ALONG_HIGHLIGHT}) { background-color: rgba(250, 204, 21, 0.45); }
[${READ_ALONG_ATTRIBUTE}] { background-color: rgba(250, 204, 21, 0.45) !important; }`;

/** The Custom Highlight API as read-along uses it (Chromium 105+, Firefox 140+). */
interface HighlightApi {
  registry: { set(name: string, highlight: unknown): unknown; delete(name: string): boolean };
  make(range: Range): unknown;
}

function highlightApi(view: Window | null): HighlightApi | null {
  const scope = view as (Window & { CSS?: { highlights?: HighlightApi['registry'] }; Highlight?: new (range: Range) => unknown }) | null;
  const registry = scope?.CSS?.highlights;
  const Highlight = scope?.Highlight;
  if (!registry || !Highlight) return null;
  return { registry, make: (range) => new Highlight(range) };
}

export interface ReadAlong {
  /** Highlights paragraph `index` and brings it into view; false when the page has no element for it. */
  show(index: number): boolean;
  /** Removes the highlight and every listener; the page is as it was. */
  stop(): void;
}

export function createReadAlong(
  doc: Document,
  paragraphs: readonly (Element | null)[],
  onSeek: (paragraph: number) => void,
): ReadAlong {
  const api = highlightApi(doc.defaultView);
  let marked: Element | null = null;
  let stopped = false;

  function clear() {
    if (api) api.registry.delete(READ_ALONG_HIGHLIGHT);
    marked?.removeAttribute(READ_ALONG_ATTRIBUTE);
    marked = null;
  }

  /** The paragraph a click landed in: the innermost mapped element around it, its first line. */
  function paragraphAt(target: Node): number | null {
    let found: number | null = null;
    paragraphs.forEach((element, index) => {
      if (!element?.contains(target)) return;
      if (found === null || (paragraphs[found] !== element && paragraphs[found]!.contains(element))) found = index;
    });
    return found;
  }

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || !(event.target instanceof doc.defaultView!.Node)) return;
    const target = event.target as Node;
    // A link, a control or a text selection keeps its own meaning.
    const element = target instanceof doc.defaultView!.Element ? target : target.parentElement;
    if (element?.closest('a[href],button,input,select,textarea,label,summary,[contenteditable]')) return;
    if (doc.getSelection()?.isCollapsed === false) return;
    const paragraph = paragraphAt(target);
    if (paragraph !== null) onSeek(paragraph);
  };
  doc.addEventListener('click', onClick);

  return {
    show(index) {
      if (stopped) return false;
      const element = paragraphs[index] ?? null;
      if (!element || !element.isConnected) {
        clear();
        return false;
      }
      if (element === marked) return true;
      clear();
      marked = element;
      if (api) {
        const range = doc.createRange();
        range.selectNodeContents(element);
        api.registry.set(READ_ALONG_HIGHLIGHT, api.make(range));
      } else {
        element.setAttribute(READ_ALONG_ATTRIBUTE, '');
      }
      const box = element.getBoundingClientRect();
      const height = doc.defaultView?.innerHeight ?? 0;
      if (box.top < 0 || box.bottom > height) {
        // Smoothly, unless the reader asked for less motion.
        const still = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        element.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
      }
      return true;
    },
    stop() {
      stopped = true;
      clear();
      doc.removeEventListener('click', onClick);
    },
  };
}
