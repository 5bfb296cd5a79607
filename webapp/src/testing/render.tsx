/**
 * A fresh React root for every test of a component test file: mounted in its own container before
 * each test, unmounted and removed after it, with the globals the test stubbed (fetch, navigator)
 * put back. Tests render through `act`, so React is told it runs in an act environment.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The root of the running test. */
  readonly root: Root;
  /** The element the running test renders into. */
  readonly container: HTMLElement;
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

  beforeEach(() => {
    hooks.beforeMount?.();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root!.unmount());
    container!.remove();
    hooks.afterUnmount?.();
    vi.unstubAllGlobals();
  });

  return {
    get root() {
      if (!root) throw new Error('mountEachTest: the root exists only while a test runs');
      return root;
    },
    get container() {
      if (!container) throw new Error('mountEachTest: the container exists only while a test runs');
      return container;
    },
  };
}
