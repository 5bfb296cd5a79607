/**
 * One podcast (spec §2): image, title, the 'Free' badge, live progress while it converts, the reason
 * and a way to try again when it failed, the player, View Transcript and, for Premium members,
 * Download (or, where asked, the 'Premium Feature' overlay for free members).
 */
import { useId, useState } from 'react';
import { CircleAlert, ExternalLink, FileText, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import type { PodcastStatus } from '../../../../../shared/api/podcasts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { retryPodcast } from '../api/podcasts.ts';
import { useLivePodcast } from '../hooks/use-live-podcast.ts';
import { toStoredPodcast, usePodcastStore, type StoredPodcast } from '../stores/podcast-store.ts';
import { formatTime } from '../utils/format-time.ts';
import { AudioPlayer } from './audio-player.tsx';
import { DownloadButton } from './download-button.tsx';
import { PremiumOverlay } from './premium-overlay.tsx';
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
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const { id, title, content, image, progress, audioUrl, status, error, durationSeconds, sourceUrl } = podcast;
  const host = sourceHost(sourceUrl);
  const shownTitle = title.trim() || 'Untitled podcast';
  const converting = status !== 'ready' && status !== 'failed';

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
            {converting && <Badge tone="brand">{STAGES[status]}</Badge>}
            {status === 'failed' && <Badge tone="danger">Failed</Badge>}
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

        {audioUrl && <AudioPlayer src={audioUrl} title={shownTitle} durationHint={durationSeconds} />}

        <div className="mt-auto flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            icon={<FileText aria-hidden size={16} />}
            disabled={!content.trim()}
            onClick={() => setTranscriptOpen(true)}
          >
            View Transcript
          </Button>
          {isPremium && <DownloadButton id={id} title={title} audioUrl={audioUrl} isPremium={isPremium} />}
        </div>

        {showUpgradeOverlay && !isPremium && <PremiumOverlay />}
      </div>

      <TranscriptModal
        open={transcriptOpen}
        onClose={() => setTranscriptOpen(false)}
        title={shownTitle}
        content={content}
      />
    </article>
  );
}
