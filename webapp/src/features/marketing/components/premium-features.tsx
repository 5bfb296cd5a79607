import { Bookmark, Download, Mic, Share2, type LucideIcon } from 'lucide-react';
import { PREMIUM_PLAN } from '../../../../../shared/constants.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';

const FEATURES: readonly { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Download Podcasts',
    description: 'Save every episode as an MP3 and listen offline, on any device and in any app.',
    icon: Download,
  },
  {
    title: 'Custom Voices',
    description: 'Pick from premium voices so every episode sounds the way you like it.',
    icon: Mic,
  },
  {
    title: 'Bookmarks',
    description: 'Mark the moments worth coming back to and jump straight to them.',
    icon: Bookmark,
  },
  {
    title: 'Share',
    description: 'Send an episode to a friend or your team with a single link.',
    icon: Share2,
  },
];

/**
 * The four Premium features; 'Upgrade Now' for everyone who is not Premium, or, on a server that
 * takes no payments (`everyFeature`), that every member has them all.
 */
export function PremiumFeatures({ showUpgrade, everyFeature = false }: { showUpgrade: boolean; everyFeature?: boolean }) {
  return (
    <section aria-labelledby="premium-features-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="premium-features-title" eyebrow="Premium" title="Premium Features">
          Everything you need to make Pagecast part of your day.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon aria-hidden size={22} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{description}</p>
            </li>
          ))}
        </ul>
        {everyFeature && (
          <p data-testid="every-feature" className="mt-10 text-center text-slate-600">
            This Pagecast server takes no payments: every member has every feature, at no cost.
          </p>
        )}
        {showUpgrade && (
          <div className="mt-10 flex flex-col items-center gap-3">
            <ButtonLink to="/subscription/register" size="lg">
              Upgrade Now
            </ButtonLink>
            <p className="text-sm text-slate-500">{PREMIUM_PLAN.priceLabel}, cancel anytime</p>
          </div>
        )}
      </div>
    </section>
  );
}
