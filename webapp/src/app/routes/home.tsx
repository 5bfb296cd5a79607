/**
 * Home, in order: hero, the URL card with the podcasts just made, Premium features, use
 * cases, testimonials, FAQ and the closing banner. Upgrade prompts show to everyone who is not
 * Premium while billing is on.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Faq } from '../../features/marketing/components/faq.tsx';
import { Hero } from '../../features/marketing/components/hero.tsx';
import { PremiumBanner } from '../../features/marketing/components/premium-banner.tsx';
import { PremiumFeatures } from '../../features/marketing/components/premium-features.tsx';
import { Testimonials } from '../../features/marketing/components/testimonials.tsx';
import { UseCases } from '../../features/marketing/components/use-cases.tsx';
import { useBillingConfig } from '../../lib/billing-config.ts';
import { lazySection } from '../../lib/lazy-section.tsx';
import { spokenPhrase, useSpeaksNaturally } from '../../lib/natural-voice.ts';
import { useSessionUser } from '../../lib/session.ts';
import { goToUrlCard, URL_CARD_ID } from '../../lib/url-card.ts';

// The URL card, with the podcast list and the schemas that read it, downloads beside the first
// paint; its place keeps about its size meanwhile, so nothing below it jumps.
const CreatePodcast = lazySection(
  () => import('../../features/podcasts/components/create-podcast.tsx').then((m) => m.CreatePodcast),
  <section
    id={URL_CARD_ID}
    aria-busy="true"
    aria-label="Convert Any Website to Podcast"
    className="min-h-[22rem] rounded-2xl bg-white p-5 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8"
  >
    <span className="sr-only">Loading…</span>
  </section>,
);

export function HomeRoute() {
  const user = useSessionUser();
  const billing = useBillingConfig();
  const showUpgrade = billing.enabled && user?.isPremium !== true;
  const { hash } = useLocation();
  const spoken = spokenPhrase(useSpeaksNaturally());

  useEffect(() => {
    if (hash === `#${URL_CARD_ID}`) goToUrlCard();
  }, [hash]);

  return (
    <>
      <Hero signedIn={user !== null} payments={billing.enabled} onGetStarted={goToUrlCard} spoken={spoken} />
      <div className="relative mx-auto -mt-20 max-w-3xl px-4 sm:-mt-24 sm:px-6">
        <CreatePodcast />
      </div>
      <PremiumFeatures showUpgrade={showUpgrade} everyFeature={billing.loaded && !billing.enabled} />
      <UseCases />
      <Testimonials />
      <Faq spoken={spoken} />
      {showUpgrade && <PremiumBanner />}
    </>
  );
}
