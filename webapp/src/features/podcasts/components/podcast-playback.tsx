/**
 * A podcast's player and, until it has started, 'Resume from m:ss' where the listener stopped. It
 * plays the finished episode, or the episode while it is made (and the part made of one that failed).
 * Where the listener is gets saved as the audio plays. Under the player, "Read along" opens the timed
 * transcript that follows the audio (a sentence clicked plays from there), said beside it so it reads
 * apart from the card's "View Transcript", the script in a window; the chapters come with it. The speed is the listener's own; an
 * episode played to the end is marked played and the queue's next podcast starts. A podcast playing
 * when the member opens another screen plays on in its card there. "Ask" pauses it for a question about
 * the article (ask-panel.tsx).
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpenText, History } from 'lucide-react';
import { formatTime } from '../../../../../shared/format-time.ts';
import type { EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';
import type { GrowingEpisode } from '../../../../../shared/podcast/growing-episode.ts';
import { Button } from '../../../components/ui/button.tsx';
import { usePlaybackRate } from '../hooks/use-playback-rate.ts';
import { usePositionSaver } from '../hooks/use-position-saver.ts';
import { finishEpisode, onPlayRequest, useQueue } from '../hooks/use-queue.ts';
import { useTranscript } from '../hooks/use-transcript.ts';
import { resumePoint } from '../../../../../shared/podcast/resume-point.ts';
import { leavePlaying, takePlaying } from '../utils/playback-handoff.ts';
import { AskPanel } from './ask-panel.tsx';
import { AudioPlayer, type AudioPlayerHandle } from './audio-player.tsx';
import { ReadAlong } from './read-along.tsx';

interface PodcastPlaybackProps {
  podcastId: string;
  source: EpisodeSource;
  title: string;
  /** The cover, for the lock screen. */
  image?: string;
  durationSeconds: number | null;
  /** The episode while it is made; null once complete. */
  growing: GrowingEpisode | null;
  positionSeconds: number | null | undefined;
  player: RefObject<AudioPlayerHandle | null>;
  /** New audio the member asked for (a new podcast, another voice): it plays as soon as it is here. */
  playWhenReady: boolean;
  onPlayed: () => void;
}

const READ_ALONG_KEY = 'pagecast-read-along';

/** Whether "Read along" is open: once a listener opens it, every player shows it open. */
function useReadAlongOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => localStorage.getItem(READ_ALONG_KEY) === 'open');
  return [
    open,
    (next) => {
      setOpen(next);
      localStorage.setItem(READ_ALONG_KEY, next ? 'open' : 'closed');
    },
  ];
}

export function PodcastPlayback({
  podcastId,
  source,
  title,
  image,
  durationSeconds,
  growing,
  positionSeconds,
  player,
  playWhenReady,
  onPlayed,
}: PodcastPlaybackProps) {
  const queryClient = useQueryClient();
  const positionSaver = usePositionSaver(podcastId, positionSeconds);
  /** The offer to resume goes once this card's player has started. */
  const [started, setStarted] = useState(false);
  const [time, setTime] = useState(0);
  const [rate, setRate] = usePlaybackRate();
  const [readAlongOpen, setReadAlongOpen] = useReadAlongOpen();
  const readAlongId = useId();
  const queue = useQueue();
  /** This podcast plays on from where the screen just left was playing it, if it was. */
  const [playedOn, setPlayedOn] = useState(false);
  const playing = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (playing.current !== null) leavePlaying(podcastId, playing.current);
    },
    [podcastId],
  );
  const { transcript, loading, error } = useTranscript(
    { podcastId },
    { enabled: readAlongOpen || started || playWhenReady, live: growing !== null, madeSeconds: growing?.madeSeconds ?? durationSeconds },
  );

  let resumeAt = started || playWhenReady || playedOn ? null : resumePoint(positionSeconds, durationSeconds ?? growing?.estimatedSeconds);
  // Not offered until the place exists again (a podcast re-voiced since).
  if (growing && resumeAt !== null && resumeAt > growing.madeSeconds) resumeAt = null;

  // The queue's next podcast starts here when the one before ends.
  useEffect(() => onPlayRequest(podcastId, () => player.current?.play()), [podcastId, player]);

  return (
    <>
      {resumeAt !== null && (
        <Button
          variant="outline"
          size="sm"
          icon={<History aria-hidden size={16} />}
          className="self-start"
          onClick={() => {
            player.current?.seek(resumeAt);
            player.current?.play();
            setStarted(true);
          }}
        >
          Resume from {formatTime(resumeAt)}
        </Button>
      )}
      <AudioPlayer
        key={source.url}
        ref={player}
        source={source}
        title={title}
        image={image}
        durationHint={durationSeconds}
        growing={growing}
        autoPlay={playWhenReady}
        playOnFrom={() => {
          const seconds = takePlaying(podcastId);
          if (seconds !== null) setPlayedOn(true);
          return seconds;
        }}
        playbackRate={rate}
        onPlaybackRateChange={setRate}
        chapters={transcript?.chapters}
        onNextTrack={queue.ids.some((id) => id !== podcastId) ? () => void finishEpisode(queryClient, podcastId, { played: false }) : undefined}
        onPlay={() => {
          playing.current = player.current?.currentTime() ?? 0;
          setStarted(true);
          onPlayed();
        }}
        onTimeUpdate={(seconds) => {
          if (playing.current !== null) playing.current = seconds;
          setTime(seconds);
          positionSaver.update(seconds);
        }}
        onPause={(seconds) => {
          playing.current = null;
          positionSaver.update(seconds);
          positionSaver.flush();
        }}
        onEnded={() => void finishEpisode(queryClient, podcastId)}
      />
      <AskPanel
        podcastId={podcastId}
        player={player}
        cues={transcript?.cues ?? []}
        onShowSource={(seconds) => {
          setReadAlongOpen(true);
          player.current?.seek(seconds);
        }}
      />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-2">
          <button
            type="button"
            aria-expanded={readAlongOpen}
            aria-controls={readAlongId}
            aria-describedby={`${readAlongId}-hint`}
            onClick={() => setReadAlongOpen(!readAlongOpen)}
            className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <BookOpenText aria-hidden size={16} />
            Read along
          </button>
          {/* What sets it apart from View Transcript (the script on its own, in a window). */}
          <span id={`${readAlongId}-hint`} className="text-xs text-slate-600">
            Follows the audio: each sentence lights up as it is spoken, and a click plays from there.
          </span>
        </div>
        <div id={readAlongId} hidden={!readAlongOpen}>
          {readAlongOpen && (
            <ReadAlong
              transcript={transcript}
              loading={loading}
              error={error}
              live={growing !== null}
              time={time}
              onPlayFrom={(seconds) => player.current?.playFrom(seconds)}
              of={{ podcastId }}
              title={title}
            />
          )}
        </div>
      </div>
    </>
  );
}
