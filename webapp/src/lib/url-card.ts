/**
 * Going to the home page's URL card ('Get Started', a link to /#url-input): the page scrolls there at
 * once, and the card's field takes the focus as soon as the card (not the place kept for it while
 * its code downloads) is on the page, unless the reader has put the focus elsewhere meanwhile.
 */
export const URL_CARD_ID = 'url-input';

/** How long the field waits for the card's code before it gives up taking the focus. */
const FOCUS_WAIT_MS = 15_000;

export function goToUrlCard(): void {
  const place = document.getElementById(URL_CARD_ID);
  if (!place) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  place.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  const focusedBefore = document.activeElement;
  const until = performance.now() + FOCUS_WAIT_MS;
  const focusWhenShown = () => {
    const moved = document.activeElement !== focusedBefore && document.activeElement !== document.body;
    if (moved) return;
    // The card is there once its form is; its first address field takes the focus (a line holding a
    // chosen PDF has none, and its hidden file input is never focused).
    const form = document.querySelector(`#${URL_CARD_ID} form`);
    if (form) form.querySelector<HTMLInputElement>('input[type="url"]')?.focus({ preventScroll: true });
    else if (performance.now() < until) requestAnimationFrame(focusWhenShown);
  };
  focusWhenShown();
}
