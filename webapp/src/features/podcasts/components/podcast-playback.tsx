/**
 * A ready podcast's player and, until it has started, 'Resume from m:ss' where the listener stopped.
 * Where the listener is gets saved as the audio plays.
 */
import { useState, type RefObject } from 'react';
import { History } from 'lucide-react';
import { formatTime } from '../../../../../shared/format-time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { usePositionSaver } from '../hooks/use-position-saver.ts';
import { resumePoint } from '../../../../../shared/podcast/resume-point.ts';
import { AudioPlayer, type AudioPlayerHandle } from './audio-player.tsx';

interface PodcastPlaybackProps {
  podcastId: string;
  audioUrl: string;
  title: string;
  durationSeconds: number | null;
  positionSeconds: number | null | undefined;
  player: RefObject<AudioPlayerHandle | null>;
  /** New audio the member asked for (another voice): it plays as soon as it is here. */
  playWhenReady: boolean;
  onPlayed: () => void;
}

export function PodcastPlayback({ podcastId, audioUrl, title, durationSeconds, positionSeconds, player, playWhenReady, onPlayed }: PodcastPlaybackProps) {
  const positionSaver = usePositionSaver(podcastId, positionSeconds);
  /** The offer to resume goes once this card's player has started. */
  const [started, setStarted] = useState(false);
  const resumeAt = started || playWhenReady ? null : resumePoint(positionSeconds, durationSeconds);

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
        key={audioUrl}
        ref={player}
        src={audioUrl}
        title={title}
        durationHint={durationSeconds}
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
