/**
 * /subscription/register: signed out → / with 'Please sign in to upgrade'; with
 * billing off, an explanation that payments are not set up here; otherwise the plan and the payment
 * form.
 */
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { toast } from '../../../../shared/ui/toast.tsx';
import { PAYMENT_MESSAGES } from '../../../../shared/errors.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BillingOffNotice } from '../../features/billing/components/billing-off-notice.tsx';
import { PlanSummary } from '../../features/billing/components/plan-summary.tsx';
import { useBillingConfig } from '../../lib/billing-config.ts';
import { useSessionUser } from '../../lib/session.ts';
import { lazySection, SectionLoading } from '../../lib/lazy-section.tsx';

// The payment form and Stripe.js's loader download beside the page, while it asks whether billing is on.
const Checkout = lazySection(
  () => import('../../features/billing/components/checkout.tsx').then((m) => m.Checkout),
  <SectionLoading className="min-h-96" />,
);

export function SubscriptionRegisterRoute() {
  const billing = useBillingConfig();
  const user = useSessionUser();
  const navigate = useNavigate();
  const mustSignIn = billing.loaded && billing.enabled && !user;

  useEffect(() => {
    if (!mustSignIn) return;
    toast.error(PAYMENT_MESSAGES.signInToUpgrade);
    navigate('/', { replace: true });
  }, [mustSignIn, navigate]);

  if (!billing.loaded) {
    return (
      <Page>
        <div role="status" className="flex justify-center py-20 text-slate-600">
          <Spinner size={28} className="text-brand-600" />
          <span className="sr-only">Loading…</span>
        </div>
      </Page>
    );
  }
  if (!billing.enabled) {
    return (
      <Page>
        <BillingOffNotice />
      </Page>
    );
  }
  if (!user) return null;
  if (user.isPremium) return <AlreadyPremium />;

  return (
    <Page title="Upgrade to Premium">
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <PlanSummary />
        <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8">
          {billing.publishableKey ? <Checkout publishableKey={billing.publishableKey} user={user} /> : <Navigate to="/" replace />}
          <p className="mt-6 flex items-start justify-center gap-2 border-t border-slate-100 pt-5 text-center text-xs leading-relaxed text-slate-500">
            <ShieldCheck aria-hidden size={14} className="mt-0.5 shrink-0" />
            By subscribing you agree to our Terms of Service and Privacy Policy. You can cancel anytime.
          </p>
        </div>
      </div>
    </Page>
  );
}

function AlreadyPremium() {
  return (
    <Page>
      <div className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-xl ring-1 shadow-slate-900/5 ring-slate-200">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">You are already a Premium member</h2>
        <p className="mt-3 text-slate-600">Every Premium feature is yours. Manage your membership from your profile.</p>
        <ButtonLink to="/profile" className="mt-8">
          Go to your profile
        </ButtonLink>
      </div>
    </Page>
  );
}
