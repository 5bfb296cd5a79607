/**
 * The URL card and, below it, the podcasts made on this visit with their live progress: for
 * anonymous visitors too, whose podcasts the store keeps until they sign in.
 */
import { useState } from 'react';
import { useMembership } from '../hooks/use-membership.ts';
import { toStoredPodcast, usePodcastStore, type StoredPodcast } from '../stores/podcast-store.ts';
import { PodcastCard } from './podcast-card.tsx';
import { UrlForm } from './url-form.tsx';

export function CreatePodcast() {
  const { user, signedIn, isPremium, showUpgrade } = useMembership();
  const podcasts = usePodcastStore((s) => s.podcasts);
  const [madeIds, setMadeIds] = useState<string[]>([]);
  const made = madeIds
    .map((id) => podcasts.find((p) => p.id === id))
    .filter((p): p is StoredPodcast => p !== undefined);

  return (
    <div className="space-y-6">
      <UrlForm
        signedIn={signedIn}
        onCreated={(podcast) => {
          usePodcastStore.getState().addPodcast(toStoredPodcast(podcast), user?.email ?? null);
          setMadeIds((ids) => [podcast.id, ...ids.filter((id) => id !== podcast.id)]);
        }}
      />
      {made.length > 0 && (
        <section aria-label="Just created" className="space-y-3">
          <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Just created</p>
          {made.map((podcast) => (
            <PodcastCard key={podcast.id} podcast={podcast} isPremium={isPremium} showFreeBadge={showUpgrade} />
          ))}
        </section>
      )}
    </div>
  );
}
