/**
 * Prepares a payment: a spinner while the server creates the payment session and Stripe.js loads,
 * then the form. If either fails: 'Failed to initialize payment. Please try again.' and back to /.
 * Each visit to the page prepares a new session, and only one.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Elements } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { toast } from '../../../../../shared/ui/toast.tsx';
import type { User } from '../../../../../shared/api/auth.ts';
import { initialBillingForm } from '../../../../../shared/api/billing.ts';
import { PAYMENT_MESSAGES } from '../../../../../shared/errors.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { pagecast } from '../../../lib/api-client.ts';
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
  const checkout = useQuery({
    queryKey: ['checkout', publishableKey],
    queryFn: async ({ signal }): Promise<Ready> => {
      const [session, stripe] = await Promise.all([pagecast.billing.createCheckout({ signal }), getStripe(publishableKey)]);
      if (!stripe) throw new Error('Stripe.js is not available');
      return { stripe, clientSecret: session.sessionId, subscriptionId: session.subscriptionId };
    },
    // A payment session is made once per visit: not again on focus, and forgotten on leaving.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const failure = checkout.error;

  useEffect(() => {
    if (!failure) return;
    console.error('payment initialisation failed', failure);
    toast.error(PAYMENT_MESSAGES.initializeFailed);
    navigate('/', { replace: true });
  }, [failure, navigate]);

  const ready = checkout.data;
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
