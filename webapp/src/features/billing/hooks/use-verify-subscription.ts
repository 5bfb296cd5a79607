/**
 * The success page's verification: the server checks the subscription with Stripe; the member the
 * server answers with replaces the signed-in user, so Premium shows at once. Runs once per session id.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { PAYMENT_MESSAGES } from '../../../../../shared/errors.ts';
import { setSessionUser, useSessionUser } from '../../../lib/session.ts';
import { pagecast } from '../../../lib/api-client.ts';

export type VerificationState = 'verifying' | 'premium' | 'pending' | 'failed';

/** Longer than any honest answer; a hung request must not keep the page from moving on. */
const VERIFY_TIMEOUT_MS = 15_000;

export function useVerifySubscription(sessionId: string): VerificationState {
  const verification = useQuery({
    queryKey: ['subscription-verification', sessionId],
    queryFn: ({ signal }) => pagecast.billing.verifySession(sessionId, { signal: AbortSignal.any([signal, AbortSignal.timeout(VERIFY_TIMEOUT_MS)]) }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const user = useSessionUser();
  const userRef = useRef(user);
  userRef.current = user;
  const { data: verified, error } = verification;

  useEffect(() => {
    if (!verified) return;
    if (userRef.current) setSessionUser({ ...userRef.current, ...verified });
    if (verified.isPremium) toast.success(PAYMENT_MESSAGES.welcome);
  }, [verified]);

  useEffect(() => {
    if (!error) return;
    console.error('verification failed', error);
    toast.error(PAYMENT_MESSAGES.verificationFailed);
  }, [error]);

  if (verified) return verified.isPremium ? 'premium' : 'pending';
  return error ? 'failed' : 'verifying';
}
