import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Podcast } from '../../../../../shared/api/podcasts.ts';
import { AI_FALLBACK_LABEL, NO_SCRIPT_WRITER_REASON } from '../../../../../shared/podcast/status-labels.ts';
import { podcastFixture } from '../../../../../shared/testing/podcast-fixture.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { toStoredPodcast, type StoredPodcast } from '../api/podcast-storage.ts';
import { usePodcastList } from '../hooks/use-podcast-list.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { PodcastCard } from './podcast-card.tsx';

vi.mock('../../../lib/load-hls.ts', () => import('../../../testing/fake-hls.ts'));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../../shared/ui/toast.tsx', () => ({ toast: toasts }));

const DRAFT = 'Welcome to the show.\nTide pools are small worlds.\nThanks for listening.';
const EMPTY_SCRIPT = 'The script cannot be empty.';

function podcast(changes: Partial<Podcast> = {}): Podcast {
  return podcastFixture({ id: '1', title: 'What the Tide Pools Remember', hasScript: true, progress: 20, status: 'drafted', minutes: 5, ...changes });
}

const view = mountEachTest({
  beforeMount: () => {
    localStorage.clear();
    toasts.success.mockClear();
    toasts.error.mockClear();
  },
});

/** A server holding one drafted podcast whose script can be read, saved (not empty) and voiced. */
function serve() {
  let script = DRAFT;
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (method === 'GET' && path === '/api/podcasts/1/script') return Response.json({ title: 'What the Tide Pools Remember', script });
      if (method === 'PUT' && path === '/api/podcasts/1/script') {
        const next = (body as { script: string }).script;
        if (!next.trim()) return Response.json({ success: false, error: { code: 'VALIDATION_ERROR', message: EMPTY_SCRIPT } }, { status: 400 });
        script = next;
        return Response.json(podcast({ scriptEdited: true }));
      }
      if (method === 'GET' && path === '/api/voices') {
        return Response.json({ voices: [{ id: 'en-us', name: 'American English', premium: false }, { id: 'en-gb', name: 'British English', premium: true }], defaultVoice: 'en-us' });
      }
      if (method === 'POST' && path === '/api/podcasts/1/voice') {
        return Response.json(podcast({ status: 'queued', progress: 20, scriptEdited: true, voice: (body as { voice: string }).voice }));
      }
      return new Promise<Response>(() => {});
    }),
  );
  return calls;
}

function Card({ id, isPremium }: { id: string; isPremium: boolean }) {
  const cached = usePodcastList(null, { fetch: false }).podcasts.find((p) => p.id === id);
  return cached ? <PodcastCard podcast={cached} isPremium={isPremium} showFreeBadge={false} /> : null;
}

function render(p: Podcast, isPremium = true) {
  view.queryClient.setQueryData(podcastKeys.list(null), [toStoredPodcast(p)]);
  act(() =>
    view.render(
      <MemoryRouter>
        <Card id={p.id} isPremium={isPremium} />
      </MemoryRouter>,
    ),
  );
}

const cached = (): StoredPodcast | undefined => view.queryClient.getQueryData<StoredPodcast[]>(podcastKeys.list(null))?.[0];
const button = (name: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const openDialog = () => [...view.container.querySelectorAll('dialog')].find((d) => d.open);
const textarea = () => openDialog()?.querySelector('textarea') ?? null;

function typeInto(field: HTMLTextAreaElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('a drafted podcast: edit the script, then voice it', () => {
  it("shows 'Script ready to edit' with Edit script and Voice script, and no progress or player", () => {
    serve();
    render(podcast());
    const text = view.container.textContent ?? '';
    expect(text).toContain('Script ready to edit');
    expect(button('Edit script')).toBeDefined();
    expect(button('Voice script')).toBeDefined();
    expect(view.container.querySelector('[role="progressbar"]')).toBeNull();
    expect(text).not.toContain('Waiting to start');
    expect(button('Play')).toBeUndefined();
  });

  it('saves an edited script: the server gets it, and the editor and the transcript show it after', async () => {
    const calls = serve();
    render(podcast());
    act(() => button('Edit script')!.click());
    await waitFor(() => expect(textarea()?.value).toBe(DRAFT));
    expect(openDialog()?.querySelector('label')?.textContent).toBe('Script');
    expect(button('Save script')?.disabled).toBe(true);

    typeInto(textarea()!, 'Hello tide pools, in my own words.');
    await act(async () => button('Save script')!.click());
    await waitFor(() => expect(cached()?.scriptEdited).toBe(true));
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/podcasts/1/script', body: { script: 'Hello tide pools, in my own words.' } });
    expect(toasts.success).toHaveBeenCalledWith('Script saved');
    expect(openDialog()).toBeUndefined();

    // The script is read from the server each time it is shown: the saved one.
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/podcasts/1/script').length;
    const before = reads();
    act(() => button('View Transcript')!.click());
    await waitFor(() => expect([...openDialog()!.querySelectorAll('p')].map((p) => p.textContent)).toContain('Hello tide pools, in my own words.'));
    await waitFor(() => expect(reads()).toBe(before + 1));
    act(() => openDialog()!.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click());
    await waitFor(() => expect(openDialog()).toBeUndefined());
    act(() => button('Edit script')!.click());
    await waitFor(() => expect(textarea()?.value).toBe('Hello tide pools, in my own words.'));
  });

  it("refuses an empty script with the server's message and changes nothing", async () => {
    serve();
    render(podcast());
    act(() => button('Edit script')!.click());
    await waitFor(() => expect(textarea()?.value).toBe(DRAFT));
    typeInto(textarea()!, '   ');
    await act(async () => button('Save script')!.click());
    await waitFor(() => expect(openDialog()?.querySelector('[role="alert"]')?.textContent).toBe(EMPTY_SCRIPT));
    expect(toasts.error).toHaveBeenCalledWith(EMPTY_SCRIPT);
    expect(textarea()?.getAttribute('aria-invalid')).toBe('true');
    expect(cached()?.scriptEdited).toBe(false);
    expect(cached()?.status).toBe('drafted');
  });

  it('voices the draft in the voice picked, even the default one, and the card goes to converting', async () => {
    const calls = serve();
    render(podcast());
    act(() => button('Voice script')!.click());
    expect(openDialog()?.querySelector('h2')?.textContent).toBe('Voice script');
    const select = () => openDialog()!.querySelector('select')!;
    await waitFor(() => expect(select().disabled).toBe(false));
    // A draft was never spoken: its first voice may be the default.
    expect(button('Make audio')?.disabled).toBe(false);
    act(() => {
      select().value = 'en-gb';
      select().dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => button('Make audio')!.click());
    await waitFor(() => expect(view.container.textContent).toContain('Waiting to start'));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/podcasts/1/voice', body: { voice: 'en-gb' } });
    expect(cached()).toMatchObject({ status: 'queued', voice: 'en-gb' });
    expect(view.container.textContent).not.toContain('Script ready to edit');
  });

  it('tells a member who is not Premium that editing a draft is a Premium feature', () => {
    serve();
    render(podcast(), false);
    expect(view.container.textContent).toContain('Script ready to edit');
    expect(button('Edit script')).toBeUndefined();
    expect(view.container.textContent).toContain('Editing and voicing a draft are Premium features.');
  });
});

describe('editing the script of a ready podcast', () => {
  it("'Save and voice again' saves the edit, then has it spoken in the podcast's voice", async () => {
    const calls = serve();
    render(podcast({ status: 'ready', progress: 100, audioUrl: '/api/podcasts/1/audio?t=a', durationSeconds: 60, voice: 'en-gb' }));
    act(() => button('Edit script')!.click());
    await waitFor(() => expect(textarea()?.value).toBe(DRAFT));
    expect(openDialog()?.textContent).toContain('Saving alone keeps the audio and transcript you have until it is voiced again.');
    typeInto(textarea()!, 'Welcome back.\nThe pools, retold.');
    await waitFor(() => expect(button('Save and voice again')?.disabled).toBe(false));
    await act(async () => button('Save and voice again')!.click());
    await waitFor(() => expect(view.container.textContent).toContain('Waiting to start'));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes).toEqual([
      { method: 'PUT', path: '/api/podcasts/1/script', body: { script: 'Welcome back.\nThe pools, retold.' } },
      { method: 'POST', path: '/api/podcasts/1/voice', body: { voice: 'en-gb' } },
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Script saved: making new audio of it');
    expect(cached()).toMatchObject({ status: 'queued', hasScript: true, scriptEdited: true });
    expect(view.queryClient.getQueryData(podcastKeys.script('1'))).toEqual({ title: 'What the Tide Pools Remember', script: 'Welcome back.\nThe pools, retold.' });
  });
});

describe('the card of a podcast the AI could not write', () => {
  it(`says '${AI_FALLBACK_LABEL}'`, () => {
    serve();
    render(podcast({ status: 'ready', progress: 100, fallbackReason: 'AI_ERROR: the model did not answer', audioUrl: '/api/podcasts/1/audio?t=a', durationSeconds: 60 }));
    expect(view.container.textContent).toContain(AI_FALLBACK_LABEL);
  });

  it('says the AI wrote it when it did', () => {
    serve();
    render(podcast({ status: 'ready', progress: 100, audioUrl: '/api/podcasts/1/audio?t=a', durationSeconds: 60 }));
    expect(view.container.textContent).not.toContain(AI_FALLBACK_LABEL);
    expect(view.container.textContent).toContain('Script written by AI from the article');
  });

  it('says the server has no AI model when none is configured', () => {
    serve();
    render(podcast({ status: 'ready', progress: 100, fallbackReason: NO_SCRIPT_WRITER_REASON, audioUrl: '/api/podcasts/1/audio?t=a', durationSeconds: 60 }));
    expect(view.container.textContent).toContain('No AI model on this server: read from the article');
  });
});
