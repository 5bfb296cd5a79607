/**
 * A fresh React root and query cache for every test of a component test file: mounted in its own
 * container before each test, unmounted and removed after it, with the globals the test stubbed
 * (fetch, navigator) put back. Tests render through `act`, so React is told it runs in an act
 * environment.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetPlaying } from '../features/podcasts/utils/playback-handoff.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { DOM_SAFETY_NET_MS } from '../../../shared/testing/safety-net.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The root of the running test. */
  readonly root: Root;
  /** The element the running test renders into. */
  readonly container: HTMLElement;
  /** The running test's own query cache. */
  readonly queryClient: QueryClient;
  /** Renders `ui` inside the test's query cache (call it inside `act`). */
  render(ui: ReactNode): void;
}

export interface TestRootHooks {
  /** Runs before each test's root is mounted, e.g. to stub a fetch every test wants. */
  beforeMount?: () => void;
  /** Runs once each test's root is unmounted, before the stubbed globals are put back: resets stores. */
  afterUnmount?: () => void;
}

/** Registers the hooks that give each test its own root; call it once at the top of a test file. */
export function mountEachTest(hooks: TestRootHooks = {}): TestRoot {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  let queryClient: QueryClient | undefined;

  beforeEach(() => {
    hooks.beforeMount?.();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    queryClient = createQueryClient();
  });

  afterEach(() => {
    act(() => root!.unmount());
    container!.remove();
    queryClient!.clear();
    // A player still playing as its test ends is gone with the page, not handed to the next test.
    forgetPlaying();
    hooks.afterUnmount?.();
    vi.unstubAllGlobals();
  });

  const running = <T,>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`mountEachTest: the ${what} exists only while a test runs`);
    return value;
  };

  return {
    get root() {
      return running(root, 'root');
    },
    get container() {
      return running(container, 'container');
    },
    get queryClient() {
      return running(queryClient, 'query cache');
    },
    render(ui) {
      running(root, 'root').render(<QueryClientProvider client={running(queryClient, 'query cache')}>{ui}</QueryClientProvider>);
    },
  };
}

/** Checks again every 20 ms (letting React and the fake server run) until `check` passes or time is up. */
export async function waitFor(check: () => void, timeoutMs = DOM_SAFETY_NET_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await act(() => new Promise((r) => setTimeout(r, 20)));
    }
  }
}
