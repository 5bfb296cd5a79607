import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../../shared/api/auth.ts';
import { clearSession, getSession, setSession } from '../../../lib/session.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { DefaultMode } from './default-mode.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../../shared/ui/toast.tsx', () => ({ toast: toasts }));

const view = mountEachTest({
  beforeMount: () => {
    toasts.success.mockClear();
    toasts.error.mockClear();
  },
  afterUnmount: clearSession,
});

function member(changes: Partial<User> = {}): User {
  return { name: null, email: 'ada@example.com', isPremium: false, defaultMode: null, defaultMinutes: null, playbackRate: null, ...changes };
}

/** A server that stores preferences, or refuses them with `refusal`. */
function serve(refusal?: { status: number; code: string; message: string }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/auth/me/preferences' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { defaultMode?: string; defaultMinutes?: number };
        sent.push(body);
        if (refusal) return Response.json({ success: false, error: { code: refusal.code, message: refusal.message } }, { status: refusal.status });
        return Response.json({ preferences: { defaultMode: body.defaultMode ?? null, defaultMinutes: body.defaultMinutes ?? null, playbackRate: null } });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

function renderPanel(user: User) {
  setSession(user, 'tok');
  act(() => view.render(<DefaultMode user={user} />));
}

const radio = (value: string) => view.container.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`)!;
const minutesField = () => view.container.querySelector<HTMLInputElement>('input[type="number"]');
const saveButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Save default')!;

function type(field: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the default mode panel', () => {
  it('starts on the saved default and saves a new mode and minutes to the server and the session', async () => {
    const sent = serve();
    renderPanel(member({ defaultMode: 'read' }));
    expect(radio('read').checked).toBe(true);
    expect(minutesField()).toBeNull();
    expect(saveButton().disabled).toBe(true);

    act(() => radio('conversation').click());
    expect(minutesField()?.value).toBe('10');
    type(minutesField()!, '20');
    // Choosing saves nothing; the button does.
    expect(sent).toEqual([]);
    await act(async () => saveButton().closest('form')!.requestSubmit());
    await waitFor(() => expect(getSession().user).toMatchObject({ defaultMode: 'conversation', defaultMinutes: 20 }));
    expect(sent).toEqual([{ defaultMode: 'conversation', defaultMinutes: 20 }]);
    expect(toasts.success).toHaveBeenCalledWith('New podcasts will be Conversation, 20 minutes');
  });

  it('sends no minutes for a mode that takes none', async () => {
    const sent = serve();
    renderPanel(member({ defaultMode: 'podcast', defaultMinutes: 15 }));
    expect(minutesField()?.value).toBe('15');
    act(() => radio('brief').click());
    await act(async () => saveButton().closest('form')!.requestSubmit());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('New podcasts will be Brief'));
    expect(sent).toEqual([{ defaultMode: 'brief' }]);
  });

  it("shows the server's refusal in the panel and as a toast, and keeps the session as it was", async () => {
    serve({ status: 401, code: 'AUTH_REQUIRED', message: 'Authentication required' });
    const before = member({ defaultMode: 'read' });
    renderPanel(before);
    act(() => radio('podcast').click());
    await act(async () => saveButton().closest('form')!.requestSubmit());
    await waitFor(() => expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('Authentication required'));
    expect(toasts.error).toHaveBeenCalledWith('Authentication required');
    expect(getSession().user?.defaultMode ?? null).not.toBe('podcast');
  });

  it('will not save minutes outside 3–60', () => {
    const sent = serve();
    renderPanel(member());
    act(() => radio('podcast').click());
    type(minutesField()!, '2');
    expect(saveButton().disabled).toBe(true);
    expect(minutesField()!.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(minutesField()!.getAttribute('aria-describedby')!)?.textContent).toBe('Choose from 3 to 60 minutes.');
    expect(sent).toEqual([]);
  });
});
