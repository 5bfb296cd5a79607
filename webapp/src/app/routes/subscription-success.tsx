/**
 * /subscription/success: on a server without payments, what it gives instead (nothing to confirm);
 * no `session_id` → /. Otherwise the payment is verified with
 * the server, and the page goes home 5 seconds after that, or at once through Return to Home,
 * whether verification succeeded or failed. A payment it cannot confirm is not thanked for.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { UPGRADE_REDIRECT_MS } from '../../../../shared/constants.ts';
import { PAYMENT_MESSAGES } from '../../../../shared/errors.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { BillingOffNotice } from '../../features/billing/components/billing-off-notice.tsx';
import { useBillingConfig } from '../../lib/billing-config.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useVerifySubscription, type VerificationState } from '../../features/billing/hooks/use-verify-subscription.ts';

export function SubscriptionSuccessRoute() {
  const [params] = useSearchParams();
  const billing = useBillingConfig();
  const sessionId = params.get('session_id');
  // A server without payments has no upgrade to confirm: it says what it gives instead.
  if (billing.loaded && !billing.enabled) {
    return (
      <Page>
        <BillingOffNotice />
      </Page>
    );
  }
  if (!sessionId) return <Navigate to="/" replace />;
  if (!billing.loaded) return null;
  return <Success sessionId={sessionId} />;
}

function Success({ sessionId }: { sessionId: string }) {
  const state = useVerifySubscription(sessionId);
  const navigate = useNavigate();
  const settled = state !== 'verifying';
  const [secondsLeft, setSecondsLeft] = useState(Math.round(UPGRADE_REDIRECT_MS / 1000));

  useEffect(() => {
    if (!settled) return;
    const started = Date.now();
    const home = setTimeout(() => navigate('/', { replace: true }), UPGRADE_REDIRECT_MS);
    const tick = setInterval(
      () => setSecondsLeft(Math.max(0, Math.ceil((UPGRADE_REDIRECT_MS - (Date.now() - started)) / 1000))),
      250,
    );
    return () => {
      clearTimeout(home);
      clearInterval(tick);
    };
  }, [settled, navigate]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <StatusIcon state={state} />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {state === 'failed' ? 'We Could Not Confirm Your Upgrade' : 'Thank You for Upgrading!'}
      </h1>
      <p role="status" className="mt-4 text-lg leading-relaxed text-slate-600">
        {message(state)}
      </p>
      <ButtonLink to="/" replace size="lg" className="mt-10">
        Return to Home
      </ButtonLink>
      {settled && (
        <p className="mt-4 text-sm text-slate-500" aria-live="off">
          Taking you home in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}…
        </p>
      )}
    </div>
  );
}

function message(state: VerificationState): string {
  switch (state) {
    case 'verifying':
      return 'Confirming your payment…';
    case 'premium':
      return PAYMENT_MESSAGES.welcome;
    case 'pending':
      return 'Your payment is still being processed. Premium switches on as soon as it clears.';
    case 'failed':
      return PAYMENT_MESSAGES.verificationFailed;
  }
}

function StatusIcon({ state }: { state: VerificationState }) {
  const ring = 'flex h-16 w-16 items-center justify-center rounded-full';
  if (state === 'verifying') {
    return (
      <span className={`${ring} bg-brand-50 text-brand-600`}>
        <Spinner size={30} />
      </span>
    );
  }
  if (state === 'failed') {
    return (
      <span className={`${ring} bg-red-50 text-red-600`}>
        <CircleAlert aria-hidden size={32} />
      </span>
    );
  }
  if (state === 'pending') {
    return (
      <span className={`${ring} bg-amber-50 text-amber-600`}>
        <Clock aria-hidden size={32} />
      </span>
    );
  }
  return (
    <span className={`${ring} bg-emerald-50 text-emerald-600`}>
      <CircleCheck aria-hidden size={32} />
    </span>
  );
}
