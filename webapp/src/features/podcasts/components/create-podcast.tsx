/**
 * The URL card and, below it, the podcasts made on this visit with their live progress: for
 * anonymous visitors too, whose podcasts this browser keeps until they sign in. Everyone picks the
 * mode and, for podcast and conversation, the minutes (the member's defaults first) and sees the
 * estimated length before Create. Premium members pick the voice (their default first) and may have
 * the script drafted first; others see that voices are a Premium feature while billing is on.
 * The podcast just asked for starts playing as soon as its first part is made.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { FilePen, Lock } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { addPodcast, refreshPodcastLists } from '../api/podcast-list.ts';
import { toStoredPodcast, type StoredPodcast } from '../api/podcast-storage.ts';
import { useMembership } from '../hooks/use-membership.ts';
import { usePodcastList } from '../hooks/use-podcast-list.ts';
import { useEstimate } from '../hooks/use-estimate.ts';
import { useVoices } from '../hooks/use-voices.ts';
import { MINUTES_MESSAGE, startingChoice, takesMinutes } from '../utils/modes.ts';
import type { PodcastMode } from '../../../../../shared/constants.ts';
import { LengthEstimate } from './length-estimate.tsx';
import { ModePicker } from './mode-picker.tsx';
import { UrlForm } from './url-form.tsx';
import { SectionLoading } from '../../../lib/lazy-section.tsx';
import { VoiceSelect } from './voice-select.tsx';

/**
 * A created podcast's card (with its player and read-along) downloads when the visitor turns to the
 * form, not with the page: a first visit has nothing to show in it yet.
 */
let cardLoading: Promise<typeof import('./podcast-card.tsx')> | null = null;
const preloadCard = () => (cardLoading ??= import('./podcast-card.tsx'));
const PodcastCard = lazy(() => preloadCard().then((m) => ({ default: m.PodcastCard })));

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
  // The member's default mode and minutes; with none, the server picks the mode (nothing is checked).
  const starting = startingChoice(user, null);
  const [pickedMode, setPickedMode] = useState<PodcastMode | null>(null);
  const [pickedMinutes, setPickedMinutes] = useState<number | null | undefined>(undefined);
  const [draft, setDraft] = useState(false);
  const draftHintId = useId();
  const mode = pickedMode ?? starting.mode;
  const minutes = pickedMinutes === undefined ? starting.minutes : pickedMinutes;
  const withMinutes = mode !== null && takesMinutes(mode);

  let voiceOptions = null;
  if (isPremium) {
    voiceOptions = (
      <div className="sm:max-w-xs">
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
    voiceOptions = (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <Lock aria-hidden size={14} className="text-brand-600" />
        Premium members choose the voice.
        <Link to="/subscription/register" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Upgrade to choose a voice
        </Link>
      </p>
    );
  }

  const options = (url: string) => (
    <div className="mt-5 space-y-4">
      <ModePicker
        mode={mode}
        minutes={minutes ?? starting.minutes}
        onModeChange={setPickedMode}
        onMinutesChange={setPickedMinutes}
      />
      <Estimate url={url} mode={mode} minutes={withMinutes ? minutes : null} voice={isPremium && voice ? voice : undefined} />
      {voiceOptions}
      {isPremium && (
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={draft}
            onChange={(e) => setDraft(e.currentTarget.checked)}
            aria-describedby={draftHintId}
            className="mt-0.5 h-4 w-4 accent-brand-600"
          />
          <span>
            <span className="flex items-center gap-1.5 font-medium text-slate-800">
              <FilePen aria-hidden size={14} className="text-brand-600" />
              Draft the script first
            </span>
            <span id={draftHintId} className="block text-xs text-slate-500">
              Read and edit the script, then voice it.
            </span>
          </span>
        </label>
      )}
    </div>
  );

  return (
    <div className="space-y-6" onFocusCapture={() => void preloadCard()}>
      <UrlForm
        signedIn={signedIn}
        choices={{
          voice: isPremium && voice ? voice : undefined,
          mode: mode ?? undefined,
          minutes: withMinutes && minutes !== null ? minutes : undefined,
          draft: isPremium && draft ? true : undefined,
        }}
        choiceError={withMinutes && minutes === null ? MINUTES_MESSAGE : null}
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
          <Suspense fallback={<SectionLoading className="h-40" />}>
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
          </Suspense>
        </section>
      )}
    </div>
  );
}

/** The estimate for what the card would make now. */
function Estimate(props: { url: string; mode: PodcastMode | null; minutes: number | null; voice: string | undefined }) {
  return <LengthEstimate state={useEstimate(props)} />;
}
