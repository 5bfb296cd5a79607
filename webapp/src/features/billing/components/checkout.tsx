/**
 * Prepares a payment (spec §4): a spinner while the server creates the payment session and
 * Stripe.js loads, then the form. If either fails: 'Failed to initialize payment. Please try again.'
 * and back to /.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Elements } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { toast } from 'sonner';
import type { User } from '../../../../../shared/api/auth.ts';
import { initialBillingForm } from '../../../../../shared/api/billing.ts';
import { PAYMENT_MESSAGES } from '../../../../../shared/errors.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { createCheckout } from '../api/billing.ts';
import { getStripe } from '../api/stripe-js.ts';
import { PaymentForm } from './payment-form.tsx';

const appearance: Appearance = {
  theme: 'stripe',
  variables: { colorPrimary: '#4f46e5', borderRadius: '8px', fontFamily: 'ui-sans-serif, system-ui, sans-serif' },
};

interface Ready {
  stripe: Stripe;
  clientSecret: string;
  subscriptionId: string;
}

export function Checkout({ publishableKey, user }: { publishableKey: string; user: User }) {
  const navigate = useNavigate();
  const [ready, setReady] = useState<Ready | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([createCheckout(controller.signal), getStripe(publishableKey)])
      .then(([session, stripe]) => {
        if (!stripe) throw new Error('Stripe.js is not available');
        setReady({ stripe, clientSecret: session.sessionId, subscriptionId: session.subscriptionId });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('payment initialisation failed', err);
        toast.error(PAYMENT_MESSAGES.initializeFailed);
        navigate('/', { replace: true });
      });
    return () => controller.abort();
  }, [publishableKey, navigate]);

  if (!ready) {
    return (
      <div role="status" className="flex flex-col items-center justify-center gap-3 py-20 text-slate-600">
        <Spinner size={28} className="text-brand-600" />
        <p className="text-sm font-medium">Preparing secure payment…</p>
      </div>
    );
  }
  return (
    <Elements stripe={ready.stripe} options={{ clientSecret: ready.clientSecret, appearance }}>
      <PaymentForm initial={initialBillingForm(user)} subscriptionId={ready.subscriptionId} emailLocked />
    </Elements>
  );
}
