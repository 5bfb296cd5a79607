import { expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { useBillingConfig, type BillingConfigState } from './billing-config.ts';

it('asks the server once for every component that wants it, and hides payments until it has answered', async () => {
  let answer!: (res: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  const seen: BillingConfigState[] = [];
  function Probe() {
    seen.push(useBillingConfig());
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => {
    root.render(createElement('div', null, createElement(Probe), createElement(Probe)));
  });
  expect(seen.at(-1)).toEqual({ enabled: false, publishableKey: null, loaded: false });

  await act(async () => {
    answer(new Response(JSON.stringify({ enabled: true, publishableKey: 'pk_test_1' }), { status: 200 }));
  });
  expect(seen.at(-1)).toEqual({ enabled: true, publishableKey: 'pk_test_1', loaded: true });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/stripe/config');

  act(() => root.unmount());
  vi.unstubAllGlobals();
});
