/**
 * The web app's and the popup's toasts (sonner), loaded with the first toast shown, so the first
 * download carries none of it.
 * `toast.success` and `toast.error` take sonner's arguments (the same text twice at once is one toast); `<Toasts />` mounts sonner's toaster once
 * a toast was asked for, and the toaster shows what was asked before it mounted.
 */
import { lazy, Suspense, useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';
import type { ExternalToast, Toaster } from 'sonner';

let sonner: Promise<typeof import('sonner')> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<typeof import('sonner')> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return (sonner ??= import('sonner'));
}

/** A message asked for again while it shows is the same toast (its id is its text), not a second one. */
function show(kind: 'success' | 'error', message: ReactNode, options?: ExternalToast): void {
  const id = options?.id ?? (typeof message === 'string' ? `${kind}:${message}` : undefined);
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, { ...options, ...(id !== undefined ? { id } : {}) }));
}

export const toast = {
  success: (message: ReactNode, options?: ExternalToast) => show('success', message, options),
  error: (message: ReactNode, options?: ExternalToast) => show('error', message, options),
};

const LazyToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's toaster with these props, from the first toast on. */
export function Toasts(props: ComponentProps<typeof Toaster>) {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
