/**
 * The URL card and, below it, the podcasts made on this visit with their live progress: for
 * anonymous visitors too, whose podcasts the store keeps until they sign in. Premium members pick the
 * voice (their default first); others see that voices are a Premium feature while billing is on.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { useMembership } from '../hooks/use-membership.ts';
import { useVoices } from '../hooks/use-voices.ts';
import { toStoredPodcast, usePodcastStore, type StoredPodcast } from '../stores/podcast-store.ts';
import { PodcastCard } from './podcast-card.tsx';
import { UrlForm } from './url-form.tsx';
import { VoiceSelect } from './voice-select.tsx';

export function CreatePodcast() {
  const { user, signedIn, isPremium, showUpgrade } = useMembership();
  const podcasts = usePodcastStore((s) => s.podcasts);
  const [madeIds, setMadeIds] = useState<string[]>([]);
  const made = madeIds
    .map((id) => podcasts.find((p) => p.id === id))
    .filter((p): p is StoredPodcast => p !== undefined);
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
