import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../../../shared/constants.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { Toasts } from '../../../shared/ui/toast.tsx';

/**
 * sonner's rich colours put text on its pale tints at about 3–4:1; these darker inks (Tailwind's
 * 700/800 shades) keep the tints and reach at least 4.5:1 (WCAG AA). Set on the toaster itself, they
 * win over the library's stylesheet.
 */
const readableRichColors = {
  '--success-text': '#166534',
  '--info-text': '#1d4ed8',
  '--warning-text': '#92400e',
  '--error-text': '#b91c1c',
} as CSSProperties;

/**
 * One cache of server state for the page; the podcast lists in it are mirrored in local storage. The
 * mirror (with the schema that reads the stored lists) loads after the first paint, well before any
 * list can arrive: the lists come from the server, through the client that also loads then.
 */
const queryClient = createQueryClient();
void import('../features/podcasts/api/podcast-storage.ts').then((m) => m.keepPodcastListsStored(queryClient));

/** A phone's width: the toasts go to the bottom there, clear of the header and its menu. */
const NARROW = '(max-width: 639px)';
function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

/** App-wide providers: the server-state cache and the toasts (4 s, top centre; bottom centre on a phone). */
export function AppProvider({ children }: { children: ReactNode }) {
  const narrow = useNarrow();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts
        position={narrow ? 'bottom-center' : TOAST_POSITION}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        style={readableRichColors}
      />
    </QueryClientProvider>
  );
}
