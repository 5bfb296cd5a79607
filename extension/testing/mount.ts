/**
 * A fresh React root for every test of a popup component test file: mounted in its own container
 * before each test, unmounted and removed after it. Tests render through `act`.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Registers the hooks that give each test its own root; call it once at the top of a test file. */
export function mountEachTest(): { readonly root: Root; readonly container: HTMLElement } {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root!.unmount());
    container!.remove();
  });
  return {
    get root() {
      return root!;
    },
    get container() {
      return container!;
    },
  };
}
