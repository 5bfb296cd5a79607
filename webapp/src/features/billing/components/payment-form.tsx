/**
 * The payment form inside Stripe's <Elements>: billing details, the Payment Element in a tabs layout,
 * and 'Subscribe Now - $7/month'. The billing details go to confirmPayment with the return address
 * /subscription/success, which carries the subscription to verify as `session_id`.
 */
import { useState, type FormEvent } from 'react';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { CircleAlert, Lock } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { billingFormErrors, toBillingDetails, type BillingForm } from '../../../../../shared/api/billing.ts';
import { PREMIUM_PLAN } from '../../../../../shared/constants.ts';
import { PAYMENT_MESSAGES } from '../../../../../shared/errors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { BillingFields } from './billing-fields.tsx';

interface PaymentFormProps {
  initial: BillingForm;
  subscriptionId: string;
  emailLocked: boolean;
}

/** Where Stripe sends the member back after paying. */
function successUrl(subscriptionId: string): string {
  return `${window.location.origin}/subscription/success?session_id=${encodeURIComponent(subscriptionId)}`;
}

export function PaymentForm({ initial, subscriptionId, emailLocked }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [paying, setPaying] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);

  function change(next: BillingForm) {
    setForm(next);
    if (submitted) setErrors(billingFormErrors(next));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (paying) return;
    setSubmitted(true);
    setPaymentError(null);
    const found = billingFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Please complete the required billing fields');
      return;
    }
    if (!stripe || !elements) {
      toast.error(PAYMENT_MESSAGES.notInitialized);
      return;
    }
    setPaying(true);
    try {
      // Checks the Payment Element's own fields before anything is sent.
      const checked = await elements.submit();
      if (checked.error) {
        setPaymentError(checked.error.message ?? PAYMENT_MESSAGES.paymentFailed);
        return;
      }
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: successUrl(subscriptionId),
          payment_method_data: { billing_details: toBillingDetails(form) },
        },
      });
      // confirmPayment only comes back on failure: on success the browser is on its way to return_url.
      const message = error?.message ?? PAYMENT_MESSAGES.paymentFailed;
      setPaymentError(message);
      toast.error(message);
    } catch (err) {
      console.error(err);
      setPaymentError(PAYMENT_MESSAGES.paymentFailed);
      toast.error(PAYMENT_MESSAGES.paymentFailed);
    } finally {
      setPaying(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Payment" className="space-y-8">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Billing details</legend>
        <div className="mt-4">
          <BillingFields form={form} errors={errors} emailLocked={emailLocked} onChange={change} />
        </div>
      </fieldset>

      <fieldset>
        <legend className="flex items-center gap-2 text-base font-semibold text-slate-900">
          Payment
          <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
            <Lock aria-hidden size={12} />
            Secured by Stripe
          </span>
        </legend>
        <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
          <PaymentElement options={{ layout: 'tabs' }} />
        </div>
        {paymentError && (
          <p role="alert" className="mt-3 flex items-start gap-2 text-sm font-medium text-red-700">
            <CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
            {paymentError}
          </p>
        )}
      </fieldset>

      <div>
        <Button type="submit" size="lg" loading={paying} disabled={!stripe || !elements} className="w-full">
          Subscribe Now - {PREMIUM_PLAN.priceLabel}
        </Button>
        <p className="mt-3 text-center text-sm text-slate-600">Your subscription begins immediately after payment.</p>
      </div>
    </form>
  );
}
