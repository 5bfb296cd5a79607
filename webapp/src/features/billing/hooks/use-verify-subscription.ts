/**
 * The success page's verification (spec §4): the server checks the subscription with Stripe; the
 * member the server answers with replaces the signed-in user, so Premium shows at once. Runs once
 * per session id.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES } from '../../../../../shared/errors.ts';
import { setSessionUser, useSessionUser } from '../../../lib/session.ts';
import { verifySession } from '../api/billing.ts';

export type VerificationState = 'verifying' | 'premium' | 'pending' | 'failed';

/** Longer than any honest answer; a hung request must not keep the page from moving on. */
const VERIFY_TIMEOUT_MS = 15_000;

export function useVerifySubscription(sessionId: string | null): VerificationState {
  const [state, setState] = useState<VerificationState>('verifying');
  const started = useRef<string | null>(null);
  const user = useSessionUser();
  const userRef = useRef(user);
  userRef.current = user;

  useEffect(() => {
    if (!sessionId || started.current === sessionId) return;
    started.current = sessionId;
    verifySession(sessionId, AbortSignal.timeout(VERIFY_TIMEOUT_MS))
      .then((verified) => {
        if (userRef.current) setSessionUser({ ...userRef.current, ...verified });
        if (verified.isPremium) {
          toast.success(PAYMENT_MESSAGES.welcome);
          setState('premium');
        } else {
          setState('pending');
        }
      })
      .catch((err: unknown) => {
        console.error('verification failed', err);
        toast.error(PAYMENT_MESSAGES.verificationFailed);
        setState('failed');
      });
  }, [sessionId]);

  return state;
}
