import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../../../shared/constants.ts';

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

/** App-wide providers: the toasts (4 s, top centre, spec §9). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster position={TOAST_POSITION} duration={TOAST_DURATION_MS} richColors closeButton style={readableRichColors} />
    </>
  );
}
