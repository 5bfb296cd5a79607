/**
 * The URL card and, below it, the podcasts made on this visit with their live progress: for
 * anonymous visitors too, whose podcasts this browser keeps until they sign in. Premium members pick
 * the voice (their default first); others see that voices are a Premium feature while billing is on.
 * The podcast just asked for starts playing as soon as its first part is made.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { addPodcast, refreshPodcastLists } from '../api/podcast-list.ts';
import { toStoredPodcast, type StoredPodcast } from '../api/podcast-storage.ts';
import { useMembership } from '../hooks/use-membership.ts';
import { usePodcastList } from '../hooks/use-podcast-list.ts';
import { useVoices } from '../hooks/use-voices.ts';
import { PodcastCard } from './podcast-card.tsx';
import { UrlForm } from './url-form.tsx';
import { VoiceSelect } from './voice-select.tsx';

/** The podcasts made on this visit, newest first, and whose list they went into. */
interface Made {
  owner: string | null;
  ids: string[];
}

export function CreatePodcast() {
  const queryClient = useQueryClient();
  const { user, signedIn, isPremium, showUpgrade } = useMembership();
  const owner = user?.email ?? null;
  const [made, setMade] = useState<Made>({ owner, ids: [] });
  /** The podcast the member just asked for, until it starts playing by itself. */
  const [playNext, setPlayNext] = useState<string | null>(null);
  const { podcasts } = usePodcastList(made.owner, { fetch: false });
  const madePodcasts = made.ids.map((id) => podcasts.find((p) => p.id === id)).filter((p): p is StoredPodcast => p !== undefined);
  const voices = useVoices(isPremium);
  const [pickedVoice, setPickedVoice] = useState<string | null>(null);
  const voice = pickedVoice ?? user?.defaultVoice ?? voices.defaultVoice ?? '';

  let options = null;
  if (isPremium) {
    options = (
      <div className="mt-4 sm:max-w-xs">
        <VoiceSelect
          value={voice}
          voices={voices.voices}
          onChange={setPickedVoice}
          disabled={!voices.loaded}
          hint="Set your default voice on your profile."
        />
      </div>
    );
  } else if (showUpgrade) {
    options = (
      <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <Lock aria-hidden size={14} className="text-brand-600" />
        Premium members choose the voice.
        <Link to="/subscription/register" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Upgrade to choose a voice
        </Link>
      </p>
    );
  }

  return (
    <div className="space-y-6">
      <UrlForm
        signedIn={signedIn}
        voice={isPremium && voice ? voice : undefined}
        options={options}
        onCreated={(podcast) => {
          addPodcast(queryClient, owner, toStoredPodcast(podcast));
          void refreshPodcastLists(queryClient);
          // A podcast made for another owner (the visitor signed in meanwhile) starts that owner's list.
          setMade((last) => ({ owner, ids: [podcast.id, ...(last.owner === owner ? last.ids.filter((id) => id !== podcast.id) : [])] }));
          setPlayNext(podcast.id);
        }}
      />
      {madePodcasts.length > 0 && (
        <section aria-label="Just created" className="space-y-3">
          <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Just created</p>
          {madePodcasts.map((podcast) => (
            <PodcastCard
              key={podcast.id}
              podcast={podcast}
              isPremium={isPremium}
              showFreeBadge={showUpgrade}
              autoPlay={podcast.id === playNext}
              onAutoPlayed={() => setPlayNext((id) => (id === podcast.id ? null : id))}
            />
          ))}
        </section>
      )}
    </div>
  );
}
