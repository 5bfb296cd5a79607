import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Podcast, UnreadableSource } from '../../../../../shared/api/podcasts.ts';
import { CONTENT_MESSAGES, PDF_MESSAGES } from '../../../../../shared/errors.ts';
import { podcastFixture } from '../../../../../shared/testing/podcast-fixture.ts';
import { clearSession } from '../../../lib/session.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { CreatePodcast } from './create-podcast.tsx';

vi.mock('../../../lib/load-hls.ts', () => import('../../../testing/fake-hls.ts'));

const view = mountEachTest({
  beforeMount: () => localStorage.clear(),
  afterUnmount: clearSession,
});

const TIDES = 'https://example.com/articles/tide-pools';
const TRAINS = 'https://example.com/articles/night-trains';
const RIVER = 'https://example.com/articles/long-river';
const MISSING = 'https://example.com/missing';
const NOT_FOUND = 'The page could not be found (404).';

interface Sent {
  url: string;
  body: Record<string, unknown>;
}

/** The JSON a request sent: the body, or a form's `request` part with each file named by its part's file name, as the server reads it. */
function sentJson(body: RequestInit['body']): Record<string, unknown> {
  if (!body) return {};
  if (!(body instanceof FormData)) return JSON.parse(String(body)) as Record<string, unknown>;
  const json = JSON.parse(body.get('request') as string) as Record<string, unknown>;
  const named = (source: Record<string, unknown>) => {
    const file = source.file as { part: string } | undefined;
    return file ? { ...source, file: { ...file, name: (body.get(file.part) as File).name } } : source;
  };
  return Array.isArray(json.sources) ? { ...json, sources: (json.sources as Record<string, unknown>[]).map(named) } : named(json);
}

/**
 * A server that estimates 750 words a source read (150 words a minute), leaves `MISSING` out as
 * unreadable, and makes podcasts, answering the sources it left out.
 */
function serve() {
  const sent: Sent[] = [];
  const unreadableOf = (body: Record<string, unknown>): UnreadableSource[] =>
    ((body.sources as { url?: string }[] | undefined) ?? []).flatMap((s, index) => (s.url === MISSING ? [{ index, source: MISSING, error: NOT_FOUND }] : []));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = sentJson(init?.body);
      if (init?.method === 'POST') sent.push({ url, body });
      if (url === '/api/billing/config') return Response.json({ enabled: false, publishableKey: null });
      if (url === '/api/voices') return Response.json({ voices: [{ id: 'en-us', name: 'American English', premium: false }], defaultVoice: 'en-us' });
      if (url === '/api/podcasts/estimate') {
        const count = Array.isArray(body.sources) ? body.sources.length : 1;
        const unreadable = unreadableOf(body);
        const words = 750 * (count - unreadable.length);
        return Response.json({ words, estimatedSeconds: (words / 150) * 60, language: 'en', title: 'Tide Pools and 1 more source', pages: null, listing: null, unreadable });
      }
      if (url === '/api/podcasts' && init?.method === 'POST') {
        const podcast: Podcast = podcastFixture({ title: '', sourceUrl: TIDES, mode: 'read', minutes: null, language: null, unreadable: unreadableOf(body) });
        return Response.json(podcast, { status: 201 });
      }
      // The card's event stream: nothing yet.
      return new Promise<Response>(() => {});
    }),
  );
  return sent;
}

function renderCard() {
  act(() =>
    view.render(
      <MemoryRouter>
        <CreatePodcast />
      </MemoryRouter>,
    ),
  );
}

const card = () => view.container.querySelector('#url-input')!;
const fields = () => [...card().querySelectorAll<HTMLInputElement>('input[type="url"]')];
const field = (name: string) => fields().find((f) => f.getAttribute('aria-label') === name || f.labels?.[0]?.textContent === name);
const button = (name: string) => [...card().querySelectorAll<HTMLButtonElement>('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
const estimate = () => card().querySelector('[data-testid="length-estimate"]')?.textContent ?? '';
const text = () => card().textContent ?? '';
const created = (sent: Sent[]) => sent.filter((s) => s.url === '/api/podcasts').map((s) => s.body);
const estimated = (sent: Sent[]) => sent.filter((s) => s.url === '/api/podcasts/estimate').map((s) => s.body);

/** Types into a controlled field as a person would. */
function type(input: HTMLInputElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Pastes `text` into a field, as the browser does from the clipboard (the field's own paste is the default when it is one line). */
function paste(input: HTMLInputElement, text: string): boolean {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  let handled = false;
  act(() => {
    handled = !input.dispatchEvent(event);
  });
  return handled;
}

/** Lets the focus set after a frame land. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

async function pickFiles(files: File[]) {
  const input = card().querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

async function submit() {
  await act(async () => card().querySelector('form')!.requestSubmit());
}

function chooseRead() {
  const read = [...card().querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.value === 'read')!;
  act(() => read.click());
}

describe('the URL card: several sources make one episode', () => {
  it('adds a line, estimates the addresses together and makes one episode of them; the card then holds one empty field', async () => {
    const sent = serve();
    renderCard();
    chooseRead();
    expect(fields().map((f) => f.labels?.[0]?.textContent)).toEqual(['Website URL']);
    // One line: no remove button, as before.
    expect(button('Remove address 1')).toBeUndefined();
    type(field('Website URL')!, TIDES);

    act(() => button('Add another address')!.click());
    await nextFrame();
    expect(fields().map((f) => f.getAttribute('aria-label'))).toEqual(['Address 1', 'Address 2']);
    expect(fields()[0]!.value).toBe(TIDES);
    expect(document.activeElement).toBe(field('Address 2'));
    expect(card().querySelector('ol')?.getAttribute('aria-labelledby')).toBe(card().querySelector('label')?.id);
    // An empty line is left out: the estimate is still the first address's.
    await waitFor(() => expect(estimate()).toContain('the article has 750 words'));
    type(field('Address 2')!, 'example.com/articles/night-trains');

    await waitFor(() => expect(estimate()).toContain('Estimated length: about 10 min'));
    expect(estimate()).toContain('the 2 sources have 1,500 words');
    expect(estimated(sent).at(-1)).toEqual({ sources: [{ url: TIDES }, { url: TRAINS }], mode: 'read' });

    await submit();
    await waitFor(() => expect(text()).toContain(CONTENT_MESSAGES.starting));
    expect(created(sent)).toEqual([{ sources: [{ url: TIDES }, { url: TRAINS }], mode: 'read', requestKey: expect.any(String) }]);
    expect(fields()).toHaveLength(1);
    expect(field('Website URL')!.value).toBe('');
  });

  it('makes a line of each line pasted, up to ten, and says what was left out', async () => {
    serve();
    renderCard();
    // One line pasted is the field's own paste.
    expect(paste(field('Website URL')!, TIDES)).toBe(false);
    expect(paste(field('Website URL')!, `${TIDES}\n\n  ${TRAINS}\r\n${RIVER}\n`)).toBe(true);
    await nextFrame();
    expect(fields().map((f) => f.value)).toEqual([TIDES, TRAINS, RIVER]);
    expect(document.activeElement).toBe(field('Address 3'));

    const many = Array.from({ length: 9 }, (_, i) => `https://example.com/articles/${i + 1}`);
    paste(field('Address 2')!, many.join('\n'));
    // The filled second line stays; the nine pasted follow it until the card holds ten.
    expect(fields().map((f) => f.value)).toEqual([TIDES, TRAINS, ...many.slice(0, 7), RIVER]);
    expect(card().querySelector('[role="alert"]')?.textContent).toBe('One episode takes up to 10 sources, so the last 2 were left out.');
    expect(button('Add another address')).toBeUndefined();
    expect(text()).toContain('One episode takes up to 10 sources.');
  });

  it('removes a line with its named button, the focus staying in the list, down to the one field of before', async () => {
    serve();
    renderCard();
    paste(field('Website URL')!, `${TIDES}\n${TRAINS}\n${RIVER}`);
    act(() => button('Remove address 2')!.click());
    await nextFrame();
    expect(fields().map((f) => f.value)).toEqual([TIDES, RIVER]);
    expect(document.activeElement).toBe(field('Address 1'));
    act(() => button('Remove address 1')!.click());
    expect(fields().map((f) => f.labels?.[0]?.textContent)).toEqual(['Website URL']);
    expect(fields()[0]!.value).toBe(RIVER);
    expect(button('Remove this address')).toBeUndefined();
  });

  it('refuses an address that is not one, naming its line, and sends nothing; the estimate waits for it', async () => {
    const sent = serve();
    renderCard();
    paste(field('Website URL')!, `${TIDES}\nnot an address`);
    expect(estimate()).toBe('Complete each address to see how long the episode will be.');
    await submit();
    expect(card().querySelector('[role="alert"]')?.textContent).toBe(`Address 2: ${CONTENT_MESSAGES.enterValidUrl}`);
    expect(field('Address 2')!.getAttribute('aria-invalid')).toBe('true');
    expect(field('Address 1')!.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Address 2'));

    type(field('Address 2')!, TIDES);
    expect(card().querySelector('[role="alert"]')).toBeNull();
    await submit();
    expect(card().querySelector('[role="alert"]')?.textContent).toBe(`${TIDES} is in the list twice: remove one.`);
    expect(created(sent)).toEqual([]);
  });

  it('points at the same page given twice under another address (tracking, fragment, www.), and sends nothing', async () => {
    const sent = serve();
    renderCard();
    const copy = `${TIDES.replace('://', '://www.')}?utm_source=newsletter#top`;
    paste(field('Website URL')!, `${TIDES}\n${copy}`);
    await submit();
    expect(card().querySelector('[role="alert"]')?.textContent).toBe(`${copy} is in the list twice: remove one.`);
    expect(document.activeElement).toBe(field('Address 2'));
    expect(created(sent)).toEqual([]);
  });

  it('names a source the server could not read, in the estimate and once the episode is made without it', async () => {
    const sent = serve();
    renderCard();
    chooseRead();
    paste(field('Website URL')!, `${TIDES}\n${MISSING}\n${TRAINS}`);
    await waitFor(() => expect(estimate()).toContain('the 2 sources have 1,500 words'));
    const warned = card().querySelector('[data-testid="length-estimate"] [data-testid="unreadable-sources"]');
    expect(warned?.textContent).toBe(`This source could not be read and will be left out:${MISSING}: ${NOT_FOUND}`);

    await submit();
    await waitFor(() => expect(text()).toContain(CONTENT_MESSAGES.starting));
    expect(created(sent)[0]).toMatchObject({ sources: [{ url: TIDES }, { url: MISSING }, { url: TRAINS }] });
    const leftOut = [...card().querySelectorAll('[data-testid="unreadable-sources"]')].find((e) => e.textContent?.startsWith('Made without'));
    expect(leftOut?.textContent).toBe(`Made without one source, which could not be read:${MISSING}: ${NOT_FOUND}`);
    // A new address starts afresh.
    type(field('Website URL')!, RIVER);
    expect(text()).not.toContain('Made without');
  });

  it('makes a line of each PDF chosen at once, after the address typed, and names a file that is not a PDF', async () => {
    const sent = serve();
    renderCard();
    chooseRead();
    type(field('Website URL')!, TIDES);
    await pickFiles([
      new File(['%PDF-1.7\n% one\n'], 'survey.pdf', { type: 'application/pdf' }),
      new File(['<!doctype html>'], 'page.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.7\n% two\n'], 'minutes.pdf', { type: 'application/pdf' }),
    ]);
    expect([...card().querySelectorAll('[data-testid="chosen-pdf"]')].map((e) => e.textContent)).toEqual(['survey.pdf1 KB', 'minutes.pdf1 KB']);
    expect(card().querySelector('[role="alert"]')?.textContent).toBe('page.pdf: This file is not a PDF. Choose a PDF document.');
    expect(button('Remove survey.pdf')).toBeDefined();

    await submit();
    await waitFor(() => expect(created(sent)).toHaveLength(1));
    const sources = created(sent)[0]!.sources as { url?: string; file?: { name: string } }[];
    expect(sources.map((s) => s.url ?? s.file?.name)).toEqual([TIDES, 'survey.pdf', 'minutes.pdf']);
  });

  it('refuses a PDF that would take the PDFs of the card over 20 MB together, keeping the others', async () => {
    serve();
    renderCard();
    /** A PDF of `mb` MB: only its first bytes are real, as only they are read before it is sent. */
    const pdf = (name: string, mb: number) => {
      const file = new File([`%PDF-1.7\n% ${name}\n`], name, { type: 'application/pdf' });
      Object.defineProperty(file, 'size', { value: mb * 1024 * 1024 });
      return file;
    };
    await pickFiles([pdf('survey.pdf', 12)]);
    // Neither is over 20 MB; the second would take the two over it together.
    await pickFiles([pdf('minutes.pdf', 12), pdf('notes.pdf', 6)]);
    expect([...card().querySelectorAll('[data-testid="chosen-pdf"]')].map((e) => e.textContent)).toEqual(['survey.pdf12 MB', 'notes.pdf6 MB']);
    expect(card().querySelector('[role="alert"]')?.textContent).toBe(`minutes.pdf: ${PDF_MESSAGES.tooLargeTogether}`);

    // Alone, it is refused with the same message, unnamed, and the list stays as it was.
    await pickFiles([pdf('appendix.pdf', 3)]);
    expect([...card().querySelectorAll('[data-testid="chosen-pdf"]')].map((e) => e.textContent)).toEqual(['survey.pdf12 MB', 'notes.pdf6 MB']);
    expect(card().querySelector('[role="alert"]')?.textContent).toBe(PDF_MESSAGES.tooLargeTogether);
  });
});
