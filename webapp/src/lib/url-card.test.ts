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
  const showCard = (lines = '<input type="url" aria-label="Website URL">') => (document.getElementById(URL_CARD_ID)!.innerHTML = `<form>${lines}</form>`);
  return { button, showCard, field: () => document.querySelector<HTMLInputElement>(`#${URL_CARD_ID} input[type="url"]`) };
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

it('focuses the first address, never the hidden file input of a line holding a chosen PDF', () => {
  const { showCard, field } = pageBeforeTheCard();
  showCard('<input type="file" class="sr-only" tabindex="-1" aria-label="Choose a PDF"><input type="url" aria-label="Address 2">');
  goToUrlCard();
  expect(document.activeElement).toBe(field());
  expect(field()?.getAttribute('aria-label')).toBe('Address 2');
});
