import { afterEach, expect, it } from 'vitest';
import { goToUrlCard, URL_CARD_ID } from './url-card.ts';

const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });

/** The page while the card's code downloads: a button, and the place kept for the card. */
function pageBeforeTheCard() {
  document.body.innerHTML = `<button id="start">Get Started Free</button><input id="search" aria-label="Search"><section id="${URL_CARD_ID}"></section>`;
  const button = document.getElementById('start') as HTMLButtonElement;
  button.focus();
  const showCard = () => (document.getElementById(URL_CARD_ID)!.innerHTML = '<input aria-label="Website URL">');
  return { button, showCard, field: () => document.querySelector<HTMLInputElement>(`#${URL_CARD_ID} input`) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('focuses the field at once when the card is on the page', () => {
  const { showCard, field } = pageBeforeTheCard();
  showCard();
  goToUrlCard();
  expect(document.activeElement).toBe(field());
});

it('focuses the field once the card arrives, when clicked while its code was still downloading', async () => {
  const { showCard, field } = pageBeforeTheCard();
  goToUrlCard();
  await frames(3);
  expect(field()).toBeNull();
  showCard();
  await frames(2);
  expect(document.activeElement).toBe(field());
});

it('leaves the focus where the reader put it meanwhile', async () => {
  const { showCard, field } = pageBeforeTheCard();
  goToUrlCard();
  await frames(2);
  const search = document.getElementById('search') as HTMLInputElement;
  search.focus();
  showCard();
  await frames(2);
  expect(document.activeElement).toBe(search);
  expect(field()).not.toBeNull();
});
