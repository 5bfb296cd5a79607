/**
 * The subscription pages of a self-hosted server without Stripe keys (its heading the page's):
 * nothing to buy, everything included, and the way on: make a podcast, keep them in an account.
 */
import { ServerCog } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useSessionUser } from '../../../lib/session.ts';

export function BillingOffNotice() {
  const signedIn = useSessionUser() !== null;
  return (
    <section
      aria-labelledby="billing-off-title"
      className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-10"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ServerCog aria-hidden size={22} />
      </span>
      <h1 id="billing-off-title" className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
        Payments are not set up here
      </h1>
      <p className="mt-3 leading-relaxed text-slate-600">
        This Pagecast server runs without payments, so there is nothing to buy: every account already has every
        Premium feature, including downloads, premium voices, bookmarks and sharing.
      </p>
      <p className="mt-3 leading-relaxed text-slate-600">
        {signedIn
          ? 'Your podcasts, downloads, bookmarks and private feed are on your profile.'
          : 'Anyone can make a podcast here right away; an account (Sign In, then "Need an account?") keeps them together.'}
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/#url-input">Make a podcast</ButtonLink>
        {signedIn ? (
          <ButtonLink to="/profile" variant="outline">
            Your podcasts
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
