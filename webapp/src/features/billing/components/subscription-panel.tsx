/**
 * The membership card on /profile: when Premium renews (or ends), cancel at the period's end or take
 * that back, and Stripe's billing portal for cards and invoices. Shows only with billing on and a
 * subscription to talk about.
 */
import { useState } from 'react';
import { CalendarClock, CircleAlert, CreditCard, Crown } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import type { User } from '../../../../../shared/api/auth.ts';
import { PREMIUM_PLAN } from '../../../../../shared/constants.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useBillingConfig } from '../../../lib/billing-config.ts';
import { setSessionUser, useSessionUser } from '../../../lib/session.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';

/** Statuses that still have a subscription to manage. */
const MANAGEABLE = ['active', 'trialing', 'past_due', 'unpaid'];

function formatRenewalDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

export function SubscriptionPanel({ className = '' }: { className?: string }) {
  const user = useSessionUser();
  const billing = useBillingConfig();
  const subscription = user?.subscription;
  if (!billing.enabled || !user || !subscription || !MANAGEABLE.includes(subscription.status)) return null;
  return <Panel user={user} subscription={subscription} className={className} />;
}

type Subscription = NonNullable<User['subscription']>;

function Panel({ user, subscription, className }: { user: User; subscription: Subscription; className: string }) {
  const [confirming, setConfirming] = useState(false);
  const date = subscription.currentPeriodEnd ? formatRenewalDate(subscription.currentPeriodEnd) : null;
  const failing = subscription.status === 'past_due' || subscription.status === 'unpaid';
  const change = useUpdateSubscription({
    onSuccess: (updated, cancel) => {
      setSessionUser({ ...user, ...updated });
      setConfirming(false);
      toast.success(
        cancel
          ? `Your subscription is canceled. Premium stays on until ${date ?? 'the end of this period'}.`
          : 'Your subscription will renew as usual.',
      );
    },
    onError: (err) => toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.'),
  });
  const portal = useOpenBillingPortal({
    onSuccess: (url) => window.location.assign(url),
    onError: (err) => toast.error(err instanceof Error ? err.message : 'Could not open the billing portal. Please try again.'),
  });
  // The portal button stays busy while the browser leaves for it.
  const busy = change.isPending ? (change.variables ? 'cancel' : 'resume') : portal.isPending || portal.isSuccess ? 'portal' : null;

  let statusLine: string;
  if (failing) statusLine = 'Your last payment did not go through. Update your payment method to keep Premium.';
  else if (subscription.cancelAtPeriodEnd) statusLine = date ? `Your Premium membership ends on ${date}.` : 'Your Premium membership ends at the end of this period.';
  else statusLine = date ? `Renews on ${date} for $${PREMIUM_PLAN.amountCents / 100}.` : 'Renews monthly.';

  return (
    <section
      aria-labelledby="subscription-title"
      className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 ${className}`}
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-4">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <Crown aria-hidden size={20} />
          </span>
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="subscription-title" className="text-lg font-semibold tracking-tight text-slate-900">
                Premium membership
              </h2>
              {failing ? (
                <Badge tone="danger">Payment failed</Badge>
              ) : subscription.cancelAtPeriodEnd ? (
                <Badge tone="neutral">Canceled</Badge>
              ) : (
                <Badge tone="success">Active</Badge>
              )}
            </div>
            <p className="mt-1.5 flex items-center gap-2 text-sm text-slate-600">
              {failing ? <CircleAlert aria-hidden size={16} className="text-red-600" /> : <CalendarClock aria-hidden size={16} />}
              {statusLine}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3 sm:justify-end">
          <Button variant="outline" icon={<CreditCard aria-hidden size={16} />} loading={busy === 'portal'} disabled={busy !== null} onClick={() => portal.mutate()}>
            Manage billing
          </Button>
          {!failing &&
            (subscription.cancelAtPeriodEnd ? (
              <Button loading={busy === 'resume'} disabled={busy !== null} onClick={() => change.mutate(false)}>
                Resume subscription
              </Button>
            ) : (
              <Button variant="ghost" disabled={busy !== null} onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            ))}
        </div>
      </div>

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel Premium?"
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy === 'cancel'}>
              Keep Premium
            </Button>
            <Button variant="secondary" loading={busy === 'cancel'} onClick={() => change.mutate(true)}>
              Cancel subscription
            </Button>
          </>
        }
      >
        <p className="text-slate-600">
          {date
            ? `You keep every Premium feature until ${date}. After that your account becomes a free account; your podcasts stay.`
            : 'You keep every Premium feature until the end of this period. After that your account becomes a free account; your podcasts stay.'}
        </p>
      </Modal>
    </section>
  );
}
