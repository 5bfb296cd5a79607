/**
 * The podcast in the making, live: its stage and its progress to 100 (it plays by itself as soon as
 * its first part is made), then how it was made and play it, or why it failed; the part made of a failed one still plays.
 * An episode of the tray's pages names the pages the server could not read, which it left out.
 */
import { CircleCheck, Info, Play, TriangleAlert, X } from 'lucide-react';
import { hasAudio } from '../../../shared/podcast/episode-source.ts';
import { howMadeLabel } from '../../../shared/podcast/status-labels.ts';
import type { Creation } from '../../storage.ts';
import { creationLabel } from './format.ts';
import { Button, ErrorNote, IconButton, ProgressBar } from './ui.tsx';

export function CreationStatus({
  creation,
  playing,
  onPlay,
  onDismiss,
}: {
  creation: Creation;
  /** It is already in the player below. */
  playing: boolean;
  onPlay: (podcastId: string) => void;
  onDismiss: () => void;
}) {
  // While the page is read and sent the card is seconds from changing; after that it may be closed.
  const closable = creation.phase !== 'reading' && creation.phase !== 'sending';
  const progress = creation.phase === 'ready' ? 100 : creation.progress;
  // Audio exists: the finished episode, or the part made so far (while it is made, or before it failed).
  const playable = creation.phase === 'ready' || (creation.phase !== 'reading' && creation.phase !== 'sending' && hasAudio({ audioUrl: creation.audioUrl, streamUrl: creation.streamUrl ?? null, audioSeconds: creation.audioSeconds }));
  return (
    <section className={`card creation creation-${creation.phase}`} aria-label="New podcast">
      <div className="creation-head">
        <div className="creation-text">
          <p className="eyebrow">{creation.source === 'selection' ? 'From your selection' : creation.source === 'tray' ? 'From your tray' : 'New podcast'}</p>
          <p className="creation-title">{creation.title || creation.pageTitle || 'Untitled page'}</p>
        </div>
        {closable ? (
          <IconButton label="Dismiss" onClick={onDismiss}>
            <X size={16} />
          </IconButton>
        ) : null}
      </div>
      {creation.phase === 'failed' ? (
        creation.error ? (
          <ErrorNote
            error={playable ? { ...creation.error, hint: 'Unfinished: the part made before it stopped can still be played.' } : creation.error}
          />
        ) : null
      ) : (
        <div className="creation-progress" aria-live="polite">
          <div className="creation-stage">
            <span className="stage-label">
              {creation.phase === 'ready' ? <CircleCheck size={14} aria-hidden /> : <span className="pulse" aria-hidden />}
              {creationLabel(creation)}
            </span>
            <span className="stage-percent">{Math.round(progress)}%</span>
          </div>
          <ProgressBar value={progress} label="Podcast progress" />
          {creation.phase === 'ready' && creation.mode ? (
            <p className="how-made" data-testid="how-made">
              <Info size={14} aria-hidden /> {howMadeLabel(creation)}
            </p>
          ) : null}
        </div>
      )}
      {creation.unreadable?.length ? (
        <div className="left-out">
          <TriangleAlert size={16} aria-hidden className="left-out-icon" />
          <div>
            <p className="left-out-title">
              {creation.unreadable.length === 1 ? 'Made without one page, which could not be read:' : `Made without ${creation.unreadable.length} pages, which could not be read:`}
            </p>
            <ul>
              {creation.unreadable.map((page) => (
                <li key={page.index}>
                  <strong>{page.source}</strong>: {page.error}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {playable && creation.podcastId && !playing ? (
        <Button className="btn-block" icon={<Play size={16} aria-hidden />} onClick={() => onPlay(creation.podcastId!)}>
          {creation.phase === 'failed' ? 'Play the part made' : 'Play podcast'}
        </Button>
      ) : null}
    </section>
  );
}
