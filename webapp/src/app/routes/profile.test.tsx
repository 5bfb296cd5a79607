import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/api/auth.ts';
import { clearSession, setSession } from '../../lib/session.ts';
import { mountEachTest } from '../../testing/render.tsx';
import { ProfileRoute } from './profile.tsx';

const view = mountEachTest({
  beforeMount: () => {
    // The podcast list and billing panel on the page ask the server; here it has nothing to say.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
  },
  afterUnmount: clearSession,
});

function renderProfile() {
  act(() =>
    view.render(
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/profile" element={<ProfileRoute />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const member = (changes: Partial<User> = {}): User => ({ name: null, email: 'ada@example.com', isPremium: false, ...changes });

describe('/profile', () => {
  it('sends a signed-out visitor to /', () => {
    renderProfile();
    expect(view.container.textContent).toBe('home page');
  });

  it("shows a free member's e-mail, 'Free Member' and the upgrade banner that leads to /subscription/register", () => {
    setSession(member(), 'token');
    renderProfile();
    expect(view.container.querySelector('h1')?.textContent).toBe('ada@example.com');
    expect(view.container.textContent).toContain('Free Member');
    expect(view.container.textContent).not.toContain('Premium Member');
    const banner = view.container.querySelector('section[aria-labelledby="profile-upgrade"]');
    expect(banner?.textContent).toContain('Upgrade to Premium');
    const upgrade = [...view.container.querySelectorAll('a')].find((a) => a.textContent === 'Upgrade Now');
    expect(upgrade?.getAttribute('href')).toBe('/subscription/register');
  });

  it("shows a premium member's name, their e-mail under it, 'Premium Member' and no upgrade prompt", () => {
    setSession(member({ name: 'Ada Lovelace', isPremium: true }), 'token');
    renderProfile();
    expect(view.container.querySelector('h1')?.textContent).toBe('Ada Lovelace');
    expect(view.container.textContent).toContain('ada@example.com');
    expect(view.container.textContent).toContain('Premium Member');
    expect(view.container.textContent).not.toContain('Upgrade Now');
    expect(view.container.textContent).not.toContain('Free Member');
  });
});
