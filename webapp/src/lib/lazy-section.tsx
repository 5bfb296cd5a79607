/**
 * A part of a page whose code downloads apart from the page's: asked for as soon as the module that
 * declares it runs (beside the page's first paint, not after it), shown in the fallback's place until
 * it is there.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export function lazySection<Props extends object>(load: () => Promise<ComponentType<Props>>, fallback: ReactNode = null): ComponentType<Props> {
  const loading = load();
  const Lazy = lazy(() => loading.then((component) => ({ default: component })));
  function LazySection(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazySection;
}

/** The usual fallback: a quiet "Loading…" for screen readers, with the given height kept. */
export function SectionLoading({ className = '' }: { className?: string }) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
