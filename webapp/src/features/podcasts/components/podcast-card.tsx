/**
 * One podcast (spec §2): image, title, the 'Free' badge, live progress while it converts, the reason
 * and a way to try again when it failed, the player with 'Resume from m:ss', View Transcript and
 * Delete and, for Premium members, Download, Share, Change voice and the bookmarks (or, where asked,
 * the 'Premium Feature' overlay for free members). The player saves where the listener is.
 */
import { useId, useRef, useState } from 'react';
import { CircleAlert, ExternalLink, FileText, History, Link2, Mic, RotateCcw, Share2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { PodcastStatus } from '../../../../../shared/api/podcasts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { retryPodcast } from '../api/podcasts.ts';
import { useLivePodcast } from '../hooks/use-live-podcast.ts';
import { usePositionSaver } from '../hooks/use-position-saver.ts';
import { useVoices, voiceName } from '../hooks/use-voices.ts';
import { toStoredPodcast, usePodcastStore, type StoredPodcast } from '../stores/podcast-store.ts';
import { formatTime } from '../../../../../shared/format-time.ts';
import { resumePoint } from '../utils/playback-position.ts';
import { AudioPlayer, type AudioPlayerHandle } from './audio-player.tsx';
import { Bookmarks } from './bookmarks.tsx';
import { DeletePodcastDialog } from './delete-podcast-dialog.tsx';
import { DownloadButton } from './download-button.tsx';
import { PremiumOverlay } from './premium-overlay.tsx';
import { RevoiceDialog } from './revoice-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { TranscriptModal } from './transcript-modal.tsx';

const STAGES: Record<PodcastStatus, string> = {
  queued: 'Waiting to start',
  extracting: 'Reading the page',
  writing: 'Writing the script',
  speaking: 'Recording the audio',
  ready: 'Ready',
  failed: 'Failed',
};

/** The host of the page a podcast was made from, or null when there is no readable address. */
function sourceHost(sourceUrl: string | null | undefined): string | null {
  if (!sourceUrl || !URL.canParse(sourceUrl)) return null;
  return new URL(sourceUrl).host.replace(/^www\./, '');
}

export interface PodcastCardProps {
  podcast: StoredPodcast;
  isPremium: boolean;
  /** The 'Free' badge: for everyone who is not Premium, while billing is on. */
  showFreeBadge: boolean;
  /** The 'Premium Feature' overlay in place of Download (free members on /profile). */
  showUpgradeOverlay?: boolean;
}

export function PodcastCard({ podcast, isPremium, showFreeBadge, showUpgradeOverlay = false }: PodcastCardProps) {
  useLivePodcast(podcast);
  const titleId = useId();
  const [dialog, setDialog] = useState<'transcript' | 'share' | 'voice' | 'delete' | null>(null);
  const closeDialog = () => setDialog(null);
  const [retrying, setRetrying] = useState(false);
  const { id, title, content, image, progress, audioUrl, status, error, durationSeconds, sourceUrl, voice, positionSeconds, shareUrl } =
    podcast;
  const host = sourceHost(sourceUrl);
  const shownTitle = title.trim() || 'Untitled podcast';
  const converting = status !== 'ready' && status !== 'failed';
  const ready = status === 'ready';
  const premiumTools = isPremium && ready;

  const player = useRef<AudioPlayerHandle>(null);
  const positionSaver = usePositionSaver(id, positionSeconds);
  /** The offer to resume goes once this card's player has started. */
  const [started, setStarted] = useState(false);
  const resumeAt = started ? null : resumePoint(positionSeconds, durationSeconds);
  /** New audio the member asked for (another voice) plays as soon as it is ready. */
  const [playWhenReady, setPlayWhenReady] = useState(false);
  const voices = useVoices(premiumTools);
  const shownVoice = premiumTools ? voiceName(voices.voices, voice ?? voices.defaultVoice) : null;

  async function retry() {
    setRetrying(true);
    try {
      const fresh = await retryPodcast(id);
      usePodcastStore.getState().updatePodcast(id, toStoredPodcast(fresh));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex gap-4 p-4 sm:p-5">
        <img
          src={image}
          alt=""
          width={160}
          height={96}
          className="h-16 w-24 shrink-0 rounded-lg object-cover sm:h-24 sm:w-40"
        />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="line-clamp-2 text-base font-semibold leading-snug text-slate-900 sm:text-lg">
            {shownTitle}
          </h3>
          {host && (
            <a
              href={sourceUrl!}
              target="_blank"
              rel="noreferrer"
              className="mt-1 inline-flex max-w-full items-center gap-1 text-sm text-slate-500 hover:text-brand-700"
            >
              <span className="truncate">{host}</span>
              <ExternalLink aria-hidden size={12} className="shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            {showFreeBadge && <Badge>Free</Badge>}
            {status === 'ready' && durationSeconds ? <span>{formatTime(durationSeconds)}</span> : null}
            {shownVoice && (
              <span className="inline-flex items-center gap-1">
                <Mic aria-hidden size={12} />
                <span className="sr-only">Voice: </span>
                {shownVoice}
              </span>
            )}
            {converting && <Badge tone="brand">{STAGES[status]}</Badge>}
            {status === 'failed' && <Badge tone="danger">Failed</Badge>}
            {isPremium && shareUrl && (
              <Badge tone="brand">
                <Link2 aria-hidden size={12} />
                Shared
              </Badge>
            )}
          </div>
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-4 px-4 pb-4 sm:px-5 sm:pb-5">
        {converting && (
          <div className="space-y-2">
            <div className="flex items-center justify-between text-sm text-slate-600">
              <span className="flex items-center gap-2">
                <Spinner size={14} className="text-brand-600" />
                {STAGES[status]}…
              </span>
              {progress > 0 && <span className="tabular-nums">{Math.round(progress)}%</span>}
            </div>
            {progress > 0 && progress < 100 && <ProgressBar value={progress} label={`Converting ${shownTitle}`} />}
          </div>
        )}

        {status === 'failed' && (
          <div className="flex flex-col gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2">
              <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
              <span>{error || 'The podcast could not be made.'}</span>
            </p>
            <Button
              variant="outline"
              size="sm"
              icon={<RotateCcw aria-hidden size={16} />}
              loading={retrying}
              onClick={retry}
              className="shrink-0"
            >
              Try again
            </Button>
          </div>
        )}

        {audioUrl && resumeAt !== null && (
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

        {audioUrl && (
          <AudioPlayer
            key={audioUrl}
            ref={player}
            src={audioUrl}
            title={shownTitle}
            durationHint={durationSeconds}
            autoPlay={playWhenReady}
            onPlay={() => {
              setStarted(true);
              setPlayWhenReady(false);
            }}
            onTimeUpdate={positionSaver.update}
            onPause={(seconds) => {
              positionSaver.update(seconds);
              positionSaver.flush();
            }}
          />
        )}

        {premiumTools && <Bookmarks podcastId={id} player={player} />}

        <div className="mt-auto flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            icon={<FileText aria-hidden size={16} />}
            disabled={!content.trim()}
            onClick={() => setDialog('transcript')}
          >
            View Transcript
          </Button>
          {isPremium && <DownloadButton id={id} title={title} audioUrl={audioUrl} isPremium={isPremium} />}
          {premiumTools && (
            <>
              <Button variant="outline" size="sm" icon={<Share2 aria-hidden size={16} />} onClick={() => setDialog('share')}>
                Share
              </Button>
              <Button variant="outline" size="sm" icon={<Mic aria-hidden size={16} />} onClick={() => setDialog('voice')}>
                Change voice
              </Button>
            </>
          )}
          <button
            type="button"
            onClick={() => setDialog('delete')}
            aria-label="Delete podcast"
            title="Delete podcast"
            className="ml-auto rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 aria-hidden size={18} />
          </button>
        </div>

        {showUpgradeOverlay && !isPremium && <PremiumOverlay />}
      </div>

      <TranscriptModal open={dialog === 'transcript'} onClose={closeDialog} title={shownTitle} content={content} />
      {/* Mounted while the podcast converts again, so they close (and give focus back) properly. */}
      {isPremium && (
        <>
          <ShareDialog
            podcastId={id}
            title={shownTitle}
            open={dialog === 'share'}
            onClose={closeDialog}
            onSharedChange={(url) => usePodcastStore.getState().updatePodcast(id, { shareUrl: url })}
          />
          <RevoiceDialog
            podcastId={id}
            currentVoice={voice ?? null}
            open={dialog === 'voice'}
            onClose={closeDialog}
            onStarted={() => {
              setPlayWhenReady(true);
              setStarted(true);
            }}
          />
        </>
      )}
      <DeletePodcastDialog podcastId={id} title={shownTitle} open={dialog === 'delete'} onClose={closeDialog} />
    </article>
  );
}
