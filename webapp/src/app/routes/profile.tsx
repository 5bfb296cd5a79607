/**
 * /profile: signed-out visitors go to /. Shows the member's name (or e-mail), 'Premium
 * Member' or 'Free Member', the upgrade banner for free members, the default mode and minutes, the
 * default voice and the private feed (Premium), their own pronunciations, then their podcasts.
 */
import { Navigate } from 'react-router';
import { Crown, Mail, Sparkles } from 'lucide-react';
import { displayName } from '../../../../shared/display-name.ts';
import { PREMIUM_PLAN } from '../../../../shared/constants.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PrivateFeed } from '../../features/feed/components/private-feed.tsx';
import { DefaultMode } from '../../features/podcasts/components/default-mode.tsx';
import { DefaultVoice } from '../../features/podcasts/components/default-voice.tsx';
import { SubscriptionPanel } from '../../features/billing/components/subscription-panel.tsx';
import { useSessionUser } from '../../lib/session.ts';
import { lazySection, SectionLoading } from '../../lib/lazy-section.tsx';

// The list, with the schemas that read it and the player, downloads beside the page's first paint.
const YourPodcasts = lazySection(
  () => import('../../features/podcasts/components/your-podcasts.tsx').then((m) => m.YourPodcasts),
  <SectionLoading className="min-h-48" />,
);

// The pronunciation editor checks its rows with the API's schema, so it too loads beside the page.
const PronunciationEditor = lazySection(
  () => import('../../features/pronunciations/components/pronunciation-editor.tsx').then((m) => m.PronunciationEditor),
  <SectionLoading className="mt-8 min-h-48" />,
);

export function ProfileRoute() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/" replace />;

  const name = user.name?.trim() || user.email;
  return (
    <Page>
      <section
        aria-labelledby="profile-name"
        className="flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:p-8"
      >
        <span
          aria-hidden
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-purple-600 text-2xl font-bold text-white shadow-sm"
        >
          {displayName(user).charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <h1 id="profile-name" className="truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {name}
          </h1>
          {user.name?.trim() && (
            <p className="mt-1 flex items-center gap-1.5 truncate text-sm text-slate-500">
              <Mail aria-hidden size={14} />
              {user.email}
            </p>
          )}
          <p className="mt-3">
            {user.isPremium ? (
              <Badge tone="brand">
                <Crown aria-hidden size={12} />
                Premium Member
              </Badge>
            ) : (
              <Badge>Free Member</Badge>
            )}
          </p>
        </div>
      </section>

      {!user.isPremium && (
        <section
          aria-labelledby="profile-upgrade"
          className="mt-8 flex flex-col items-start gap-5 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-purple-700 p-6 text-white shadow-lg sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="profile-upgrade" className="flex items-center gap-2 text-xl font-bold tracking-tight">
              <Sparkles aria-hidden size={20} />
              Upgrade to Premium
            </h2>
            <p className="mt-2 max-w-xl text-brand-100">
              Download podcasts for offline listening, pick premium voices, bookmark moments and share, for{' '}
              {PREMIUM_PLAN.priceLabel}.
            </p>
          </div>
          <ButtonLink to="/subscription/register" variant="inverse" size="lg">
            Upgrade Now
          </ButtonLink>
        </section>
      )}

      <SubscriptionPanel className="mt-8" />

      <DefaultMode user={user} className="mt-8" />

      {/* min-w-0: a select is as wide as its longest voice, which must not widen the page on a phone. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <DefaultVoice user={user} className="min-w-0" />
        <PrivateFeed isPremium={user.isPremium} className="min-w-0" />
      </div>

      <PronunciationEditor className="mt-8" />

      <section className="mt-10"><YourPodcasts /></section>
    </Page>
  );
}
