/**
 * The public page of a shared podcast (/shared/:token): the title, the player and the transcript, for
 * anyone, with no account and nothing else of the owner's. Once the owner stops sharing, the link
 * shows that it is no longer shared. A podcast shared while it is still being made plays as it grows:
 * the page asks again every 2 seconds until the episode is complete, and the stream it started plays
 * on to the end. The transcript reads along with the audio (its timed sentences, as they are made)
 * and the player has the speed and the chapters; a podcast without timed sentences shows its script,
 * read on its own (`/api/shared/:token/script`: the podcast's JSON does not carry it).
 */
import { useEffect, useRef, useState } from 'react';
import { sharedPodcastTitle } from '../../../../../shared/pages.ts';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Clock, Info, Link2Off } from 'lucide-react';
import type { GrowingEpisode } from '../../../../../shared/podcast/growing-episode.ts';
import type { SharedPodcast as SharedPodcastData } from '../../../../../shared/api/premium.ts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../../shared/client/api-error.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { formatDuration, formatTime } from '../../../../../shared/format-time.ts';
import { useEpisodeSource } from '../hooks/use-episode-source.ts';
import { transcriptParagraphs } from '../utils/transcript.ts';
import { ScriptBlocks } from './script-blocks.tsx';
import { usePlaybackRate } from '../hooks/use-playback-rate.ts';
import { useScript } from '../hooks/use-script.ts';
import { useTranscript } from '../hooks/use-transcript.ts';
import { AudioPlayer, type AudioPlayerHandle } from './audio-player.tsx';
import { ReadAlong } from './read-along.tsx';

/** How often the page asks again while the episode is being made. */
export const SHARED_REFRESH_MS = 2000;

type State = { kind: 'loading' } | { kind: 'ready'; podcast: SharedPodcastData } | { kind: 'gone' } | { kind: 'failed'; message: string };

function useSharedPodcast(token: string): { state: State; retry: () => void } {
  const query = useQuery({
    queryKey: podcastKeys.sharedPodcast(token),
    queryFn: ({ signal }) => pagecast.sharing.get(token, { signal }),
    refetchInterval: (current) => (current.state.data && !current.state.data.complete ? SHARED_REFRESH_MS : false),
  });
  const retry = () => void query.refetch();
  if (query.error instanceof ApiError && query.error.status === 404) return { state: { kind: 'gone' }, retry };
  // A check that fails while the episode plays leaves the page as it was: the next one may succeed.
  if (query.data) return { state: { kind: 'ready', podcast: query.data }, retry };
  if (query.isPending || query.isFetching) return { state: { kind: 'loading' }, retry };
  return { state: { kind: 'failed', message: errorMessage(query.error) }, retry };
}

export function SharedPodcast({ token }: { token: string }) {
  const { state, retry } = useSharedPodcast(token);

  if (state.kind === 'loading') {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-24 text-slate-600">
        <Spinner size={20} className="text-brand-600" /> Loading the podcast…
      </div>
    );
  }
  if (state.kind === 'gone') return <NoLongerShared />;
  if (state.kind === 'failed') {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">The podcast could not be loaded</h1>
        <p role="alert" className="mt-3 text-slate-600">
          {state.message}
        </p>
        <Button className="mt-8" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  return <SharedPodcastView token={token} podcast={state.podcast} />;
}

function SharedPodcastView({ token, podcast }: { token: string; podcast: SharedPodcastData }) {
  const title = podcast.title.trim() || 'Untitled podcast';
  useEffect(() => {
    document.title = sharedPodcastTitle(title);
  }, [title]);
  const source = useEpisodeSource(podcast);
  const growing: GrowingEpisode | null =
    !podcast.complete && source?.kind === 'stream' ? { madeSeconds: podcast.audioSeconds ?? 0, estimatedSeconds: podcast.estimatedSeconds } : null;
  const player = useRef<AudioPlayerHandle>(null);
  const [time, setTime] = useState(0);
  const [rate, setRate] = usePlaybackRate();
  const live = !podcast.complete;
  const { transcript, loading, error } = useTranscript(
    { shareToken: token },
    { enabled: true, live, madeSeconds: podcast.audioSeconds ?? podcast.durationSeconds },
  );
  const timed = (transcript?.cues.length ?? 0) > 0;
  const readsAlong = timed || (live && source !== null);
  // Only a podcast without timed sentences shows its script: read once the transcript has answered.
  const script = useScript({ shareToken: token }, !loading && !readsAlong);
  const paragraphs = transcriptParagraphs(script.data?.script ?? '');
  const date = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(podcast.createdAt));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <article aria-labelledby="shared-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:p-8">
          <img src={podcast.image} alt="" width={160} height={96} className="h-24 w-40 shrink-0 rounded-lg object-cover" />
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Shared podcast</p>
            <h1 id="shared-title" className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {title}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden size={14} />
                {date}
              </span>
              {podcast.complete && podcast.durationSeconds ? (
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden size={14} />
                  {formatDuration(podcast.durationSeconds)}
                </span>
              ) : null}
              {!podcast.complete && podcast.estimatedSeconds ? (
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden size={14} />
                  About {formatTime(podcast.estimatedSeconds)}
                </span>
              ) : null}
              {!podcast.complete && (
                <span className="inline-flex items-center gap-1.5 font-medium text-brand-700">
                  <Spinner size={14} />
                  Still being made
                </span>
              )}
            </p>
            {podcast.howMade ? (
              <p data-testid="how-made" className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
                <Info aria-hidden size={14} className="shrink-0" />
                {podcast.howMade}
              </p>
            ) : null}
          </div>
        </div>
        <div className="px-6 sm:px-8">
          {source ? (
            <AudioPlayer
              key={source.url}
              ref={player}
              source={source}
              title={title}
              image={podcast.image}
              durationHint={podcast.durationSeconds}
              growing={growing}
              playbackRate={rate}
              onPlaybackRateChange={setRate}
              chapters={transcript?.chapters}
              onTimeUpdate={setTime}
            />
          ) : (
            <p role="status" className="flex items-center gap-2 rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset">
              <Spinner size={16} className="text-brand-600" />
              The audio is being recorded. It starts playing here in a moment.
            </p>
          )}
        </div>
        <section aria-labelledby="shared-transcript" className="p-6 sm:p-8">
          <h2 id="shared-transcript" className="text-lg font-semibold tracking-tight text-slate-900">
            Transcript
          </h2>
          {readsAlong ? (
            <ReadAlong
              className="mt-4"
              transcript={transcript}
              loading={loading}
              error={error}
              live={live}
              time={time}
              onPlayFrom={(seconds) => player.current?.playFrom(seconds)}
              of={{ shareToken: token }}
              title={title}
              labelledBy="shared-transcript"
            />
          ) : (
            <div className="mt-4 space-y-4 text-base leading-relaxed text-slate-800">
              {script.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  Could not load the transcript: {errorMessage(script.error)}
                </p>
              ) : script.data === undefined ? (
                <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                  <Spinner size={14} className="text-brand-600" />
                  Loading the transcript…
                </p>
              ) : (
                <ScriptBlocks blocks={paragraphs} />
              )}
            </div>
          )}
        </section>
      </article>
      <p className="mt-8 text-center text-sm text-slate-600">
        Made with Pagecast, which turns any web page into a podcast.{' '}
        <Link to="/" className="font-semibold text-brand-700 hover:text-brand-600">
          Make your own
        </Link>
      </p>
    </div>
  );
}

function NoLongerShared() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Link2Off aria-hidden size={30} />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">This podcast is no longer shared</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">
        The person who shared it has turned the link off, or the link was mistyped.
      </p>
      <ButtonLink to="/" size="lg" className="mt-10">
        Go to Pagecast
      </ButtonLink>
    </div>
  );
}
