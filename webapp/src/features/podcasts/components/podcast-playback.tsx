/**
 * A podcast's player and, until it has started, 'Resume from m:ss' where the listener stopped. It
 * plays the finished episode, or the episode while it is made (and the part made of one that failed).
 * Where the listener is gets saved as the audio plays.
 */
import { useState, type RefObject } from 'react';
import { History } from 'lucide-react';
import { formatTime } from '../../../../../shared/format-time.ts';
import type { EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';
import type { GrowingEpisode } from '../../../../../shared/podcast/growing-episode.ts';
import { Button } from '../../../components/ui/button.tsx';
import { usePositionSaver } from '../hooks/use-position-saver.ts';
import { resumePoint } from '../../../../../shared/podcast/resume-point.ts';
import { AudioPlayer, type AudioPlayerHandle } from './audio-player.tsx';

interface PodcastPlaybackProps {
  podcastId: string;
  source: EpisodeSource;
  title: string;
  durationSeconds: number | null;
  /** The episode while it is made; null once complete. */
  growing: GrowingEpisode | null;
  positionSeconds: number | null | undefined;
  player: RefObject<AudioPlayerHandle | null>;
  /** New audio the member asked for (a new podcast, another voice): it plays as soon as it is here. */
  playWhenReady: boolean;
  onPlayed: () => void;
}

export function PodcastPlayback({
  podcastId,
  source,
  title,
  durationSeconds,
  growing,
  positionSeconds,
  player,
  playWhenReady,
  onPlayed,
}: PodcastPlaybackProps) {
  const positionSaver = usePositionSaver(podcastId, positionSeconds);
  /** The offer to resume goes once this card's player has started. */
  const [started, setStarted] = useState(false);
  let resumeAt = started || playWhenReady ? null : resumePoint(positionSeconds, durationSeconds ?? growing?.estimatedSeconds);
  // Not offered until the place exists again (a podcast re-voiced since).
  if (growing && resumeAt !== null && resumeAt > growing.madeSeconds) resumeAt = null;

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
        durationHint={durationSeconds}
        growing={growing}
        autoPlay={playWhenReady}
        onPlay={() => {
          setStarted(true);
          onPlayed();
        }}
        onTimeUpdate={positionSaver.update}
        onPause={(seconds) => {
          positionSaver.update(seconds);
          positionSaver.flush();
        }}
      />
    </>
  );
}
