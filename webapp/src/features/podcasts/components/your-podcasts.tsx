/**
 * 'Your Podcasts' on /profile: the member's podcasts as a two-column grid, or 'No podcasts created
 * yet'. The list this browser holds shows at once and the server's list replaces it when it answers.
 * Free members see the 'Premium Feature' overlay on each card.
 */
import { Link } from 'react-router';
import { Headphones } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useMembership } from '../hooks/use-membership.ts';
import { usePodcastList } from '../hooks/use-podcast-list.ts';
import { PodcastCard } from './podcast-card.tsx';

export function YourPodcasts() {
  const { user, isPremium, showUpgrade } = useMembership();
  const { podcasts, loading, error: failure } = usePodcastList(user?.email ?? null, { fetch: user !== null });
  const error = failure ? errorMessage(failure) : null;

  return (
    <section aria-labelledby="your-podcasts-title">
      <div className="mb-5 flex items-baseline justify-between gap-4">
        <h2 id="your-podcasts-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Your Podcasts
        </h2>
        <p className="flex items-baseline gap-4 text-sm text-slate-500">
          {podcasts.length > 0 && `${podcasts.length} ${podcasts.length === 1 ? 'podcast' : 'podcasts'}`}
          {user && (
            <Link to="/follows" className="font-semibold text-brand-700 hover:underline">
              Followed sites
            </Link>
          )}
        </p>
      </div>

      {error && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
          {error}
        </p>
      )}

      {podcasts.length > 0 ? (
        <div className="grid gap-6 md:grid-cols-2">
          {podcasts.map((podcast) => (
            <PodcastCard
              key={podcast.id}
              podcast={podcast}
              isPremium={isPremium}
              showFreeBadge={showUpgrade}
              showUpgradeOverlay={showUpgrade}
            />
          ))}
        </div>
      ) : loading && !error ? (
        <p className="flex items-center gap-2 py-12 text-slate-500">
          <Spinner className="text-brand-600" /> Loading your podcasts…
        </p>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Headphones aria-hidden size={22} />
          </span>
          <p className="mt-4 font-semibold text-slate-900">No podcasts created yet</p>
          <p className="mt-1 text-sm text-slate-600">Paste the address of any page on the home page to make your first.</p>
          <Link to="/#url-input" className="mt-5 text-sm font-semibold text-brand-700 hover:text-brand-600">
            Create a podcast →
          </Link>
        </div>
      )}
    </section>
  );
}
