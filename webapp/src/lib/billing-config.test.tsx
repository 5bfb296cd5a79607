import { expect, it, vi } from 'vitest';
import { act } from 'react';
import { mountEachTest, waitFor } from '../testing/render.tsx';
import { useBillingConfig, type BillingConfigState } from './billing-config.ts';

const view = mountEachTest();

it('asks the server once for every component that wants it, and hides payments until it has answered', async () => {
  let answer!: (res: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);

  const seen: BillingConfigState[] = [];
  function Probe() {
    seen.push(useBillingConfig());
    return null;
  }
  await act(async () => {
    view.render(
      <div>
        <Probe />
        <Probe />
      </div>,
    );
  });
  expect(seen.at(-1)).toEqual({ enabled: false, publishableKey: null, loaded: false });
  // The client loads with the first call: the request goes out a moment later.
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(seen.at(-1)).toEqual({ enabled: false, publishableKey: null, loaded: false });

  await act(async () => {
    answer(new Response(JSON.stringify({ enabled: true, publishableKey: 'pk_test_1' }), { status: 200 }));
  });
  await waitFor(() => expect(seen.at(-1)).toEqual({ enabled: true, publishableKey: 'pk_test_1', loaded: true }));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/stripe/config');
});

it('asks again when the window regains focus only if the first answer failed', async () => {
  const fetchMock = vi.fn(async () => new Response('busy', { status: 503 }));
  vi.stubGlobal('fetch', fetchMock);
  function Probe() {
    const { loaded, enabled } = useBillingConfig();
    return <p>{loaded ? `billing ${enabled ? 'on' : 'off'}` : 'unknown'}</p>;
  }
  await act(async () => view.render(<Probe />));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(view.container.textContent).toBe('unknown');

  fetchMock.mockImplementation(async () => Response.json({ enabled: false, publishableKey: null }));
  await act(async () => window.dispatchEvent(new Event('visibilitychange')));
  await waitFor(() => expect(view.container.textContent).toBe('billing off'));
  await act(async () => window.dispatchEvent(new Event('visibilitychange')));
  expect(fetchMock).toHaveBeenCalledTimes(2);
});
