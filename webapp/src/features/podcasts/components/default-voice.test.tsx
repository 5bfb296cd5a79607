import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../../shared/api/auth.ts';
import { clearSession, getSession, setSession } from '../../../lib/session.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { DefaultVoice } from './default-voice.tsx';

const view = mountEachTest({
  afterUnmount: () => {
    clearSession();
  },
});

const VOICES = {
  voices: [
    { id: 'en-us', name: 'American English', premium: false },
    { id: 'en-gb', name: 'British English', premium: true },
  ],
  defaultVoice: 'en-us',
};

function serve(answers: object[] = [VOICES]) {
  let asked = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/voices') return Response.json(answers[Math.min(asked++, answers.length - 1)]);
    if (String(input) === '/api/voices/default' && init?.method === 'PUT') {
      return Response.json({ defaultVoice: (JSON.parse(String(init.body)) as { voice: string }).voice });
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const select = () => view.container.querySelector('select');
const saveButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Save voice');

describe('the default voice panel', () => {
  it("lists the voices on the member's default and saves a new pick to the server and the session", async () => {
    const member: User = { name: null, email: 'ada@example.com', isPremium: true, defaultVoice: 'en-us' };
    setSession(member, 'tok');
    const fetchMock = serve();
    await act(async () => view.render(<DefaultVoice user={member} />));
    await waitFor(() => expect([...select()!.options].map((o) => o.textContent)).toEqual(['American English', 'British English']));
    expect(select()!.value).toBe('en-us');
    expect(saveButton()!.disabled).toBe(true);

    act(() => {
      select()!.value = 'en-gb';
      select()!.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/voices/default')).toBe(false);
    await act(async () => saveButton()!.closest('form')!.requestSubmit());
    expect(fetchMock).toHaveBeenCalledWith('/api/voices/default', expect.objectContaining({ method: 'PUT', body: '{"voice":"en-gb"}' }));
    await waitFor(() => expect(getSession().user?.defaultVoice).toBe('en-gb'));
  });

  it('shows a free member the voice they get and no picker', async () => {
    serve();
    const member: User = { name: null, email: 'ada@example.com', isPremium: false };
    await act(async () => view.render(<DefaultVoice user={member} />));
    expect(select()).toBeNull();
    await waitFor(() => expect(view.container.textContent).toContain('Your podcasts are spoken in American English. Upgrade to Premium to choose from 2 voices.'));
  });

  it('tells a natural voice downloading with its progress, and lists it once installed', async () => {
    const member: User = { name: null, email: 'ada@example.com', isPremium: true, defaultVoice: 'en-us' };
    setSession(member, 'tok');
    const natural = { id: 'piper-en-us-ljspeech', name: 'LJ Speech (English, US)', premium: false };
    const fetchMock = serve([
      { ...VOICES, downloads: [{ id: natural.id, name: natural.name, received: 21_000_000, total: 50_000_000 }] },
      { ...VOICES, voices: [natural, ...VOICES.voices], downloads: [] },
    ]);
    await act(async () => view.render(<DefaultVoice user={member} />));
    await waitFor(() => expect(view.container.querySelector('[role="status"]')?.textContent).toBe(
      'Downloading the natural voice LJ Speech (English, US): 42% — it joins the list once installed.',
    ));
    // Asked again while it downloads, until it is in the list.
    await waitFor(() => expect([...select()!.options].map((o) => o.textContent)).toContain(natural.name));
    expect(view.container.querySelector('[role="status"]')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/voices').length).toBe(2);
  });
});
