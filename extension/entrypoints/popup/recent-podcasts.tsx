/**
 * The reader's latest podcasts: the same list the web app's profile shows, newest first. A podcast
 * plays once it has audio: finished, still being made (its part made so far), or unfinished. Each
 * goes into the queue from here: "Play next" or "Add to queue"; a played one says so.
 */
import { AudioLines, CircleAlert, ListEnd, ListStart, Pause, Play } from 'lucide-react';
import { toast } from '../../../shared/ui/toast.tsx';
import type { Podcast } from '../../../shared/api/podcasts.ts';
import { formatDuration, formatTime } from '../../../shared/format-time.ts';
import { episodeSource } from '../../../shared/podcast/episode-source.ts';
import { resumePoint } from '../../../shared/podcast/resume-point.ts';
import { podcastStatusLabel } from '../../../shared/podcast/status-labels.ts';
import type { QueuePlace } from '../../messaging.ts';
import { queueItem, type Playback } from '../../storage.ts';
import { formatCreatedAt } from './format.ts';
import { sendMessage, settle, useStoredValue } from './hooks.ts';
import { IconButton, ProgressBar } from './ui.tsx';

const SHOWN = 5;

export function RecentPodcasts({
  podcasts,
  loading,
  playback,
  profileUrl,
  onPlay,
  onPause,
}: {
  podcasts: Podcast[];
  loading: boolean;
  playback: Playback | null;
  profileUrl: string;
  onPlay: (podcastId: string) => void;
  onPause: () => void;
}) {
  const { value: queue } = useStoredValue(queueItem);

  async function enqueue(podcastId: string, place: QueuePlace) {
    const result = await settle(sendMessage('queuePodcast', { podcastId, place }));
    if (!result.ok) toast.error(result.error.message);
    else toast.success(place === 'next' ? 'It plays next' : 'Added to queue');
  }

  return (
    <section className="recent" aria-labelledby="recent-heading">
      <div className="section-head">
        <h2 id="recent-heading">Your Podcasts</h2>
        {podcasts.length > SHOWN ? (
          <a href={profileUrl} target="_blank" rel="noreferrer" className="section-link">
            See all {podcasts.length}
          </a>
        ) : null}
      </div>
      {podcasts.length === 0 ? (
        loading ? (
          <ul className="podcast-list" aria-hidden>
            {[0, 1].map((i) => (
              <li key={i} className="podcast-row skeleton-row">
                <span className="row-tile skeleton" />
                <span className="row-body">
                  <span className="skeleton skeleton-line" />
                  <span className="skeleton skeleton-line short" />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">No podcasts created yet</p>
        )
      ) : (
        <ul className="podcast-list">
          {podcasts.slice(0, SHOWN).map((podcast) => {
            const current = playback?.podcastId === podcast.id;
            const playing = current && (playback.status === 'playing' || playback.status === 'loading');
            const playable = episodeSource(podcast) !== null;
            const unfinished = podcast.status === 'failed' && !!podcast.streamUrl;
            const resumeAt = !current ? resumePoint(podcast.positionSeconds, podcast.durationSeconds) : null;
            const queued = queue.indexOf(podcast.id);
            return (
              <li key={podcast.id} className={`podcast-row${current ? ' is-current' : ''}`}>
                <button
                  type="button"
                  className="row-tile"
                  disabled={!playable}
                  aria-label={`${playing ? 'Pause' : resumeAt ? `Resume from ${formatTime(resumeAt)}:` : 'Play'} ${podcast.title}`}
                  onClick={() => (playing ? onPause() : onPlay(podcast.id))}
                >
                  {!playable ? (
                    podcast.status === 'failed' ? <CircleAlert size={18} aria-hidden /> : <AudioLines size={18} aria-hidden />
                  ) : playing ? (
                    <Pause size={18} aria-hidden />
                  ) : (
                    <Play size={18} aria-hidden />
                  )}
                </button>
                <div className="row-body">
                  <p className="row-title" title={podcast.title}>
                    {podcast.title || 'Untitled podcast'}
                  </p>
                  {podcast.status === 'ready' ? (
                    <p className="row-meta">
                      {formatCreatedAt(podcast.createdAt)}
                      {podcast.durationSeconds ? ` · ${formatDuration(podcast.durationSeconds)}` : ''}
                      {resumeAt ? ` · Resume from ${formatTime(resumeAt)}` : ''}
                      {podcast.playedAt ? ' · Played' : ''}
                      {queued >= 0 ? ` · In queue (${queued + 1})` : ''}
                    </p>
                  ) : podcast.status === 'failed' ? (
                    <p className="row-meta row-failed" title={podcast.error ?? undefined}>
                      {unfinished ? 'Unfinished: ' : ''}
                      {podcast.error || podcastStatusLabel('failed')}
                    </p>
                  ) : (
                    <div className="row-progress">
                      <ProgressBar value={podcast.progress} label={`${podcast.title} progress`} />
                      <span className="row-meta">{Math.round(podcast.progress)}%</span>
                    </div>
                  )}
                </div>
                {current ? null : (
                  <div className="row-actions">
                    <IconButton label="Play next" onClick={() => void enqueue(podcast.id, 'next')}>
                      <ListStart size={16} />
                    </IconButton>
                    <IconButton label="Add to queue" onClick={() => void enqueue(podcast.id, 'end')}>
                      <ListEnd size={16} />
                    </IconButton>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
