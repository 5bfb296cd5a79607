/** /subscription/canceled: the subscription was not completed; nothing was charged. Without payments, what the server gives instead. */
import { CircleX } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { BillingOffNotice } from '../../features/billing/components/billing-off-notice.tsx';
import { useBillingConfig } from '../../lib/billing-config.ts';

export function SubscriptionCanceledRoute() {
  const billing = useBillingConfig();
  // A server without payments has no subscription to try again: it says what it gives instead.
  if (billing.loaded && !billing.enabled) {
    return (
      <Page>
        <BillingOffNotice />
      </Page>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <CircleX aria-hidden size={32} />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Subscription not completed</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">
        Your subscription was not completed and you have not been charged. You can try again whenever you like.
      </p>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/subscription/register" size="lg">
          Try Again
        </ButtonLink>
        <ButtonLink to="/" variant="outline" size="lg">
          Return to Home
        </ButtonLink>
      </div>
    </div>
  );
}
