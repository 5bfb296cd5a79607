import { Crown } from 'lucide-react';
import { PREMIUM_PLAN } from '../../../../../shared/constants.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';

/** The closing banner. The home page leaves it out for Premium members. */
export function PremiumBanner() {
  return (
    <section aria-labelledby="premium-banner-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-purple-700 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16">
        <div aria-hidden className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-white/10 blur-2xl" />
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-white/15 text-white">
          <Crown aria-hidden size={22} />
        </span>
        <h2 id="premium-banner-title" className="mt-5 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to Unlock Premium Features
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
          Downloads, premium voices, bookmarks and sharing, for {PREMIUM_PLAN.priceLabel}.
        </p>
        <ButtonLink to="/subscription/register" size="lg" variant="inverse" className="mt-8">
          Upgrade to Premium
        </ButtonLink>
      </div>
    </section>
  );
}
