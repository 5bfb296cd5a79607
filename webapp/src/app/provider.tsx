import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../../../shared/constants.ts';

/** App-wide providers: the toasts (4 s, top centre, spec §9). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster position={TOAST_POSITION} duration={TOAST_DURATION_MS} richColors closeButton />
    </>
  );
}
