/**
 * The URL card and, below it, the visitor's most recent podcasts with their live progress (the
 * server's list, and at once the copy this browser holds): an anonymous visitor's too, which stay
 * theirs across reloads until they sign in; members get a link to all of theirs. Everyone picks the
 * mode and, for podcast and conversation, the minutes (the member's defaults first) and sees the
 * estimated length before Create. Premium members pick the voice (their default first) and may have
 * the script drafted first; others see that voices are a Premium feature while billing is on.
 * Where an AI writes the mode, a focus and a language sit beside it (steering-fields.tsx).
 * The podcast just asked for starts playing as soon as its first part is made.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, FilePen, Lock } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { addPodcast, refreshPodcastLists } from '../api/podcast-list.ts';
import { toStoredPodcast } from '../api/podcast-storage.ts';
import { useMembership } from '../hooks/use-membership.ts';
import { usePodcastList } from '../hooks/use-podcast-list.ts';
import { useEstimate } from '../hooks/use-estimate.ts';
import { useVoices } from '../hooks/use-voices.ts';
import { MINUTES_MESSAGE, startingChoice, takesMinutes } from '../utils/modes.ts';
import type { PodcastMode } from '../../../../../shared/constants.ts';
import { LengthEstimate } from './length-estimate.tsx';
import { ModePicker } from './mode-picker.tsx';
import { UrlForm } from './url-form.tsx';
import type { FormSource } from '../utils/form-sources.ts';
import { SectionLoading } from '../../../lib/lazy-section.tsx';
import { useCapabilities } from '../../../lib/capabilities.ts';
import { loadHls, playsStreamsThroughHls, preloadHls } from '../../../lib/load-hls.ts';
import { primeStream } from '../../../../../shared/client/attach-episode.ts';
import { VoiceSelect } from './voice-select.tsx';
import { SteeringFields } from './steering-fields.tsx';

/**
 * A created podcast's card (with its player and read-along) downloads when the visitor turns to the
 * form, not with the page: a first visit has nothing to show in it yet. The stream player's code
 * (hls.js) comes then too, so the new podcast plays as soon as its first part is made.
 */
let cardLoading: Promise<typeof import('./podcast-card.tsx')> | null = null;
const preloadCard = () => (cardLoading ??= import('./podcast-card.tsx'));
const PodcastCard = lazy(() => preloadCard().then((m) => ({ default: m.PodcastCard })));

/** How many of the visitor's podcasts the home page shows. */
const RECENT_PODCASTS = 3;

export function CreatePodcast() {
  const queryClient = useQueryClient();
  const { user, signedIn, isPremium, showUpgrade } = useMembership();
  const owner = user?.email ?? null;
  /** The podcast the member just asked for, until it starts playing by itself. */
  const [playNext, setPlayNext] = useState<string | null>(null);
  /** The podcast this card made last, whose state the form reports. */
  const [lastMade, setLastMade] = useState<string | null>(null);
  const { podcasts } = usePodcastList(owner, { fetch: true });
  const recent = podcasts.slice(0, RECENT_PODCASTS);
  const voices = useVoices(isPremium);
  const [pickedVoice, setPickedVoice] = useState<string | null>(null);
  const voice = pickedVoice ?? user?.defaultVoice ?? voices.defaultVoice ?? '';
  // The member's default mode and minutes, else the server's mode; Read where the server has no AI.
  const capabilities = useCapabilities();
  const starting = startingChoice(user, capabilities.defaultMode, capabilities.aiWriter);
  const [pickedMode, setPickedMode] = useState<PodcastMode | null>(null);
  const [pickedMinutes, setPickedMinutes] = useState<number | null | undefined>(undefined);
  const [draft, setDraft] = useState(false);
  const draftHintId = useId();
  const recentTitleId = useId();
  const mode = pickedMode ?? starting.mode;
  const minutes = pickedMinutes === undefined ? starting.minutes : pickedMinutes;
  const withMinutes = mode !== null && takesMinutes(mode);
  // A focus and a language, where an AI writes the mode (the member's defaults first).
  const [pickedFocus, setPickedFocus] = useState<string | null>(null);
  const [pickedLanguage, setPickedLanguage] = useState<string | null>(null);
  const focus = pickedFocus ?? user?.defaultFocus ?? '';
  const language = pickedLanguage ?? user?.defaultLanguage ?? '';
  const steers = capabilities.aiWriter === true && mode !== null && mode !== 'read';

  let voiceOptions = null;
  if (isPremium) {
    voiceOptions = (
      <div className="sm:max-w-xs">
        <VoiceSelect
          value={voice}
          voices={voices.voices}
          downloads={voices.downloads}
          natural={voices.natural}
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

  const options = (sources: readonly FormSource[], failed: boolean) => (
    <div className="mt-5 space-y-4">
      <ModePicker
        mode={mode}
        minutes={minutes ?? starting.minutes}
        onModeChange={setPickedMode}
        onMinutesChange={setPickedMinutes}
        aiWriter={capabilities.aiWriter}
      />
      {steers && (
        <SteeringFields
          focus={focus}
          language={language}
          languages={capabilities.languages}
          onFocusChange={setPickedFocus}
          onLanguageChange={setPickedLanguage}
        />
      )}
      <Estimate sources={sources} mode={mode} minutes={withMinutes ? minutes : null} voice={isPremium && voice ? voice : undefined} quiet={failed} />
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
    <div
      className="space-y-6"
      onFocusCapture={() => {
        void preloadCard();
        preloadHls();
      }}
    >
      <UrlForm
        signedIn={signedIn}
        choices={{
          voice: isPremium && voice ? voice : undefined,
          mode: mode ?? undefined,
          minutes: withMinutes && minutes !== null ? minutes : undefined,
          draft: isPremium && draft ? true : undefined,
          focus: steers && focus.trim() ? focus.trim() : undefined,
          language: steers && language ? language : undefined,
        }}
        choiceError={withMinutes && minutes === null ? MINUTES_MESSAGE : null}
        options={options}
        onCreated={(podcast) => {
          // Its playlist is asked for now, not once its card and player are drawn.
          if (podcast.streamUrl && playsStreamsThroughHls()) primeStream(podcast.streamUrl, loadHls);
          addPodcast(queryClient, owner, toStoredPodcast(podcast));
          void refreshPodcastLists(queryClient);
          setPlayNext(podcast.id);
          setLastMade(podcast.id);
        }}
        madeStatus={podcasts.find((p) => p.id === lastMade)?.status ?? null}
      />
      {recent.length > 0 && (
        <section aria-labelledby={recentTitleId} className="space-y-3">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id={recentTitleId} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              Your recent podcasts
            </h2>
            {signedIn && (
              <Link to="/profile" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-600">
                Your podcasts{podcasts.length > recent.length ? ` (${podcasts.length})` : ''}
                <ArrowRight aria-hidden size={14} />
              </Link>
            )}
          </div>
          <Suspense fallback={<SectionLoading className="h-40" />}>
          {recent.map((podcast) => (
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

/** The estimate for what the card would make now; `quiet`: the form already says what failed. */
function Estimate({ quiet, ...input }: { sources: readonly FormSource[]; mode: PodcastMode | null; minutes: number | null; voice: string | undefined; quiet: boolean }) {
  const state = useEstimate(input);
  return quiet && state.kind === 'failed' ? null : <LengthEstimate state={state} />;
}
