import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../../shared/api/auth.ts';
import type { Podcast } from '../../../../../shared/api/podcasts.ts';
import { CONTENT_MESSAGES, listingNote, PDF_MESSAGES } from '../../../../../shared/errors.ts';
import { podcastFixture } from '../../../../../shared/testing/podcast-fixture.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { CreatePodcast } from './create-podcast.tsx';

vi.mock('../../../lib/load-hls.ts', () => import('../../../testing/fake-hls.ts'));

const view = mountEachTest({
  beforeMount: () => localStorage.clear(),
  afterUnmount: clearSession,
});

const ARTICLE = 'https://example.com/articles/tide-pools';

function member(changes: Partial<User> = {}): User {
  return { name: null, email: 'ada@example.com', isPremium: false, defaultMode: null, defaultMinutes: null, playbackRate: null, ...changes };
}

function created(body: Record<string, unknown>): Podcast {
  return podcastFixture({
    title: '',
    sourceUrl: ARTICLE,
    mode: (body.mode as Podcast['mode']) ?? 'read',
    minutes: (body.minutes as number | undefined) ?? null,
    language: (body.language as string | undefined) ?? null,
    articleLanguage: body.language ? 'en' : null,
    focus: (body.focus as string | undefined) ?? null,
  });
}

interface Sent {
  url: string;
  /** The JSON: the body, or a form's `request` part. */
  body: Record<string, unknown>;
  /** A form's file parts: each one's name and text. */
  files: Record<string, { name: string; text: string }>;
}

/** What a request sent: its JSON, and the files of a form. */
async function sentBody(body: RequestInit['body']): Promise<Omit<Sent, 'url'>> {
  if (!body) return { body: {}, files: {} };
  if (!(body instanceof FormData)) return { body: JSON.parse(String(body)) as Record<string, unknown>, files: {} };
  const files: Sent['files'] = {};
  for (const [name, value] of body.entries()) if (typeof value !== 'string') files[name] = { name: value.name, text: await value.text() };
  return { body: JSON.parse(body.get('request') as string) as Record<string, unknown>, files };
}

/** A server that estimates `words` words (60 seconds a minute asked, else 150 words a minute) and makes podcasts. */
function serve({ words = 1500, estimateError, aiWriter, listing = null }: { words?: number; estimateError?: string; aiWriter?: boolean; listing?: number | null } = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const { body, files } = await sentBody(init?.body);
      if (init?.method === 'POST') sent.push({ url, body, files });
      if (url === '/api/billing/config') return Response.json({ enabled: false, publishableKey: null });
      if (url === '/api/capabilities' && aiWriter !== undefined) return Response.json({ aiWriter, defaultMode: aiWriter ? 'podcast' : 'read', languages: ['en', 'de', 'fr'] });
      if (url === '/api/voices') return Response.json({ voices: [{ id: 'en-us', name: 'American English', premium: false }], defaultVoice: 'en-us' });
      if (url === '/api/podcasts/estimate') {
        if (estimateError) return Response.json({ success: false, error: { code: 'FETCH_FAILED', message: estimateError } }, { status: 502 });
        const minutes = typeof body.minutes === 'number' ? body.minutes : body.mode === 'brief' ? 2 : words / 150;
        return Response.json({ words, estimatedSeconds: minutes * 60, language: 'en', title: 'Tide Pools', pages: body.file ? 12 : null, listing });
      }
      if (url === '/api/podcasts' && init?.method === 'POST') return Response.json(created(body), { status: 201 });
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

const radio = (name: string) =>
  [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.labels?.[0]?.textContent?.startsWith(name));
const minutesField = () => view.container.querySelector<HTMLInputElement>('input[type="number"]');
const urlField = () => view.container.querySelector<HTMLInputElement>('input[type="url"]')!;
const estimate = () => view.container.querySelector('[data-testid="length-estimate"]')?.textContent ?? '';
const text = () => view.container.textContent ?? '';

/** Types into a controlled field as a person would. */
function type(field: HTMLInputElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function choose(name: string) {
  act(() => radio(name)!.click());
}

/** Chooses `file` in the card's file field, as the browser's file picker does. */
async function pickFile(file: File) {
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

async function submit() {
  await act(async () => urlField().closest('form')!.requestSubmit());
}

describe('the URL card: mode, minutes and the estimated length', () => {
  it('offers the four modes as one radio group, each with its description, and minutes only for podcast and conversation', () => {
    serve();
    renderCard();
    const radios = [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.value)).toEqual(['read', 'podcast', 'brief', 'conversation']);
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect(radios[0]!.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Mode');
    const description = document.getElementById(radio('Brief')!.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('About 2 minutes: what it says and why it matters.');

    choose('Read');
    expect(minutesField()).toBeNull();
    choose('Conversation');
    expect(minutesField()?.value).toBe('10');
    expect(minutesField()?.labels?.[0]?.textContent).toBe('Length in minutes');
    choose('Brief');
    expect(minutesField()).toBeNull();
  });

  it('shows the modes that need an AI model as such on a server without one, and starts on Read', async () => {
    serve({ aiWriter: false });
    setSession(member({ defaultMode: 'conversation', defaultMinutes: 25 }), 'tok');
    renderCard();
    await waitFor(() => expect(radio('Podcast')!.disabled).toBe(true));
    expect(['Brief', 'Conversation'].map((name) => radio(name)!.disabled)).toEqual([true, true]);
    expect(radio('Read')!.checked).toBe(true);
    expect(radio('Podcast')!.labels?.[0]?.textContent).toContain('Needs an AI model');
    expect(text()).toContain('This server has no AI model, so every episode reads the article as written.');
  });

  it("starts on the server's default mode when the member has none", async () => {
    serve({ aiWriter: true });
    renderCard();
    await waitFor(() => expect(radio('Podcast')!.checked).toBe(true));
    expect(radio('Conversation')!.disabled).toBe(false);
  });

  it("starts on the member's default mode and minutes", () => {
    serve();
    setSession(member({ defaultMode: 'conversation', defaultMinutes: 25 }), 'tok');
    renderCard();
    expect(radio('Conversation')!.checked).toBe(true);
    expect(minutesField()?.value).toBe('25');
  });

  it('asks the server once the address settles, then shows each mode its length without asking again', async () => {
    const sent = serve({ words: 3000 });
    renderCard();
    expect(estimate()).toContain('Paste an address');
    choose('Podcast');
    type(minutesField()!, '15');
    type(urlField(), ARTICLE);
    expect(estimate()).toContain('Estimating the length…');
    // The whole article read at the voice's rate: 3,000 words, 20 minutes.
    await waitFor(() => expect(estimate()).toContain('Estimated length: about 15 min'));
    expect(estimate()).toContain('the article has 3,000 words');

    choose('Read');
    expect(estimate()).toContain('Estimated length: about 20 min');
    choose('Brief');
    expect(estimate()).toContain('Estimated length: about 2 min');
    choose('Conversation');
    type(minutesField()!, '40');
    expect(estimate()).toContain('Estimated length: about 20 min');
    expect(estimate()).toContain('The article is short, so the episode runs shorter than the 40 minutes asked.');
    type(minutesField()!, '');
    expect(estimate()).toContain('Choose the minutes to see how long it will be.');
    // One page fetch for all of it: each one counts against the hourly limit Create shares.
    expect(sent.filter((s) => s.url === '/api/podcasts/estimate').map((s) => s.body)).toEqual([{ url: ARTICLE, mode: 'read' }]);
  });

  it('says when the page is a list of articles, and Create still makes an episode of it', async () => {
    const sent = serve({ words: 900, listing: 10 });
    renderCard();
    choose('Read');
    type(urlField(), 'https://example.com/news');
    await waitFor(() => expect(estimate()).toContain(listingNote(10)));
    await submit();
    await waitFor(() => expect(sent.some((s) => s.url === '/api/podcasts')).toBe(true));
  });

  it("asks the server's own default when no mode is chosen", async () => {
    const sent = serve({ words: 1500 });
    renderCard();
    expect(view.container.querySelectorAll('input[type="radio"]:checked')).toHaveLength(0);
    type(urlField(), ARTICLE);
    await waitFor(() => expect(estimate()).toContain('Estimated length: about 10 min'));
    expect(sent.filter((s) => s.url === '/api/podcasts/estimate').map((s) => s.body)).toEqual([{ url: ARTICLE }]);
    await submit();
    await waitFor(() => expect(sent.find((s) => s.url === '/api/podcasts')?.body).toEqual({ url: ARTICLE, requestKey: expect.any(String) }));
  });

  it('says why the length could not be estimated, and Create still works', async () => {
    const sent = serve({ estimateError: 'Unable to reach the website. Please check if the URL is correct and the website is accessible.' });
    renderCard();
    choose('Read');
    type(urlField(), ARTICLE);
    await waitFor(() => expect(estimate()).toContain('Could not estimate the length: Unable to reach the website.'));
    await submit();
    await waitFor(() => expect(sent.some((s) => s.url === '/api/podcasts')).toBe(true));
  });

  it('creates with the mode and minutes chosen, and shows the mode on the new card', async () => {
    const sent = serve();
    renderCard();
    choose('Conversation');
    type(minutesField()!, '5');
    type(urlField(), ARTICLE);
    await submit();
    await waitFor(() => expect(text()).toContain(CONTENT_MESSAGES.starting));
    expect(sent.find((s) => s.url === '/api/podcasts')?.body).toEqual({ url: ARTICLE, mode: 'conversation', minutes: 5, requestKey: expect.any(String) });
    await waitFor(() => expect(view.container.querySelector('[data-testid="podcast-mode"]')?.textContent).toBe('Mode: Conversation, 5 min asked'));
  });

  it('offers a focus and a language where an AI writes the mode (the member\'s first), sends them, and the card says them', async () => {
    setSession(member({ defaultFocus: 'the cost', defaultLanguage: 'de' }), 'tok');
    const sent = serve({ aiWriter: true });
    renderCard();
    const focus = () => view.container.querySelector<HTMLInputElement>('input[placeholder^="e.g."]');
    const language = () => view.container.querySelector<HTMLSelectElement>('select');
    await waitFor(() => expect(focus()?.value).toBe('the cost'));
    expect(language()!.value).toBe('de');
    expect([...language()!.options].map((o) => o.textContent)).toEqual(['The article’s own', 'English', 'French', 'German']);
    choose('Read');
    expect(focus()).toBeNull();
    choose('Brief');
    type(focus()!, 'who pays for it');
    type(urlField(), ARTICLE);
    await submit();
    await waitFor(() => expect(sent.find((s) => s.url === '/api/podcasts')).toBeDefined());
    expect(sent.find((s) => s.url === '/api/podcasts')!.body).toMatchObject({ mode: 'brief', focus: 'who pays for it', language: 'de' });
    await waitFor(() => expect(view.container.querySelector('[data-testid="podcast-focus"]')?.textContent).toBe('Focus: who pays for it'));
    expect(view.container.querySelector('[data-testid="podcast-language"]')?.textContent).toBe('In German, from an article in English');
  });

  it('takes an address typed without https:// as the address bar does: estimated and created with it', async () => {
    const sent = serve();
    renderCard();
    choose('Read');
    type(urlField(), 'example.com/articles/tide-pools');
    await waitFor(() => expect(sent.find((s) => s.url === '/api/podcasts/estimate')?.body.url).toBe(ARTICLE));
    await submit();
    await waitFor(() => expect(text()).toContain(CONTENT_MESSAGES.starting));
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    expect(sent.find((s) => s.url === '/api/podcasts')?.body).toEqual({ url: ARTICLE, mode: 'read', requestKey: expect.any(String) });
  });

  it('refuses minutes outside 3–60 before sending anything', async () => {
    const sent = serve();
    renderCard();
    choose('Podcast');
    type(minutesField()!, '90');
    expect(minutesField()!.getAttribute('aria-invalid')).toBe('true');
    type(urlField(), ARTICLE);
    await submit();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('Choose from 3 to 60 minutes.');
    expect(sent.some((s) => s.url === '/api/podcasts')).toBe(false);
  });

  it('lets a Premium member have the script drafted first; a free member is not offered it', async () => {
    const sent = serve();
    setSession(member({ isPremium: true }), 'tok');
    renderCard();
    const draft = () => [...view.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((c) => c.labels?.[0]?.textContent?.includes('Draft the script first'));
    choose('Read');
    act(() => draft()!.click());
    type(urlField(), ARTICLE);
    await submit();
    await waitFor(() => expect(sent.some((s) => s.url === '/api/podcasts')).toBe(true));
    expect(sent.find((s) => s.url === '/api/podcasts')?.body).toMatchObject({ url: ARTICLE, mode: 'read', draft: true });

    act(() => setSession(member({ isPremium: false, email: 'bo@example.com' }), 'tok2'));
    await waitFor(() => expect(draft()).toBeUndefined());
  });
});

describe('the URL card: a PDF from disk', () => {
  const PDF_BYTES = '%PDF-1.7\n% a report\n';

  it('takes a chosen PDF instead of an address: its name and size shown, its pages estimated, its bytes sent', async () => {
    const sent = serve({ words: 3000 });
    renderCard();
    const chooser = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    // "choose a PDF" is a button that opens the file chooser (Enter and Space alike).
    const opens = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'choose a PDF')!;
    let opened = 0;
    chooser.addEventListener('click', (event) => {
      opened += 1;
      event.preventDefault();
    });
    opens.click();
    expect(opened).toBe(1);
    expect(chooser.tabIndex).toBe(-1);
    expect(chooser.accept).toBe('application/pdf,.pdf');
    expect(text()).toContain('or choose a PDF (up to 20 MB, or drop it here).');
    choose('Read');
    await pickFile(new File([PDF_BYTES], 'annual-report.pdf', { type: 'application/pdf' }));

    expect(view.container.querySelector('[data-testid="chosen-pdf"]')?.textContent).toContain('annual-report.pdf1 KB');
    expect(view.container.querySelector('input[type="url"]')).toBeNull();
    await waitFor(() => expect(estimate()).toContain('Estimated length: about 20 min'));
    expect(estimate()).toContain('the PDF has 12 pages and 3,000 words');
    // The file itself, as a part of a form the JSON names: no base64.
    const file = { file0: { name: 'annual-report.pdf', text: PDF_BYTES } };
    expect(sent.filter((s) => s.url === '/api/podcasts/estimate').map(({ body, files }) => ({ body, files }))).toEqual([
      { body: { file: { part: 'file0' }, mode: 'read' }, files: file },
    ]);

    await act(async () => view.container.querySelector('form')!.requestSubmit());
    await waitFor(() => expect(text()).toContain(CONTENT_MESSAGES.starting));
    const made = sent.find((s) => s.url === '/api/podcasts');
    expect(made?.body).toEqual({ file: { part: 'file0' }, mode: 'read', requestKey: expect.any(String) });
    expect(made?.files).toEqual(file);
    // Made: the card is ready for the next address.
    expect(view.container.querySelector('[data-testid="chosen-pdf"]')).toBeNull();
    expect(urlField().value).toBe('');
  });

  it('refuses a file that is not a PDF with its message, and a removed PDF gives the address field back', async () => {
    const sent = serve();
    renderCard();
    await pickFile(new File(['<!doctype html><p>hello</p>'], 'page.pdf', { type: 'application/pdf' }));
    expect(text()).toContain(PDF_MESSAGES.notAPdf);
    expect(view.container.querySelector('[data-testid="chosen-pdf"]')).toBeNull();

    await pickFile(new File([PDF_BYTES], 'notes.pdf', { type: 'application/pdf' }));
    expect(text()).not.toContain(PDF_MESSAGES.notAPdf);
    act(() => view.container.querySelector<HTMLButtonElement>('button[aria-label="Remove notes.pdf"]')!.click());
    expect(view.container.querySelector('[data-testid="chosen-pdf"]')).toBeNull();
    expect(urlField()).not.toBeNull();
    expect(sent.filter((s) => s.url === '/api/podcasts')).toEqual([]);
  });
});
