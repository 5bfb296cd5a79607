/**
 * One podcast: its header, live progress while it converts, the reason and 'Try again' when it
 * failed, 'Script ready to edit' with Edit and Voice on a draft, how a finished episode was made
 * (read from the article, written by AI, or read because no AI model is configured or it failed), the player, the bookmarks (Premium), the actions and their
 * dialogs, and, where asked, the 'Premium Feature' overlay for free members. A podcast still
 * converting follows the server's events; its player appears with the first part of the episode and
 * plays while the rest is made.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Info } from 'lucide-react';
import { isFinished } from '../../../../../shared/podcast/apply-event.ts';
import { howMadeLabel } from '../../../../../shared/podcast/status-labels.ts';
import { playsStreamsThroughHls } from '../../../lib/load-hls.ts';
import type { StoredPodcast } from '../api/podcast-storage.ts';
import { useEpisodeSource } from '../hooks/use-episode-source.ts';
import { useLivePodcast } from '../hooks/use-live-podcast.ts';
import { spokenVoiceName, useVoices } from '../hooks/use-voices.ts';
import type { AudioPlayerHandle } from './audio-player.tsx';
import { Bookmarks } from './bookmarks.tsx';
import { ConversionFailed } from './conversion-failed.tsx';
import { ConversionProgress } from './conversion-progress.tsx';
import { DeletePodcastDialog } from './delete-podcast-dialog.tsx';
import { DraftReady } from './draft-ready.tsx';
import { ListeningActions } from './listening-actions.tsx';
import { PodcastActions, type CardDialog } from './podcast-actions.tsx';
import { PodcastCardHeader } from './podcast-card-header.tsx';
import { PodcastPlayback } from './podcast-playback.tsx';
import { PremiumOverlay } from './premium-overlay.tsx';
import { RevoiceDialog } from './revoice-dialog.tsx';
import { ScriptEditorDialog } from './script-editor-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { TranscriptModal } from './transcript-modal.tsx';

export interface PodcastCardProps {
  podcast: StoredPodcast;
  isPremium: boolean;
  /** The 'Free' badge: for everyone who is not Premium, while billing is on. */
  showFreeBadge: boolean;
  /** The 'Premium Feature' overlay in place of Download (free members on /profile). */
  showUpgradeOverlay?: boolean;
  /** The member just asked for this podcast: it plays as soon as its first part is made. */
  autoPlay?: boolean;
  /** The podcast asked for has started playing. */
  onAutoPlayed?: () => void;
}

export function PodcastCard({ podcast, isPremium, showFreeBadge, showUpgradeOverlay = false, autoPlay = false, onAutoPlayed }: PodcastCardProps) {
  useLivePodcast(podcast);
  const titleId = useId();
  const [dialog, setDialog] = useState<CardDialog | null>(null);
  const closeDialog = () => setDialog(null);
  const { id, progress, status, error, voice } = podcast;
  const title = podcast.title.trim() || 'Untitled podcast';
  const premiumTools = isPremium && status === 'ready';
  const player = useRef<AudioPlayerHandle>(null);
  /** New audio the member asked for (another voice) plays as soon as it is ready. */
  const [playWhenReady, setPlayWhenReady] = useState(false);
  // Every listener is told the voice a ready podcast was spoken in (a natural voice, or espeak's).
  const voices = useVoices(status === 'ready');
  const source = useEpisodeSource(podcast, { playNow: autoPlay && playsStreamsThroughHls() });
  const growing =
    source?.kind === 'stream' && !isFinished(status) ? { madeSeconds: podcast.audioSeconds ?? 0, estimatedSeconds: podcast.estimatedSeconds } : null;
  const article = useRef<HTMLElement>(null);
  const hasPlayer = source !== null;
  // The podcast just asked for is brought into view, and again once its player appears.
  useEffect(() => {
    if (!autoPlay) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    article.current?.scrollIntoView?.({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [autoPlay, hasPlayer]);

  return (
    <article
      ref={article}
      aria-labelledby={titleId}
      data-podcast-id={id}
      className="flex scroll-mt-24 scroll-mb-4 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <PodcastCardHeader
        podcast={podcast}
        titleId={titleId}
        title={title}
        showFreeBadge={showFreeBadge}
        voiceName={status === 'ready' ? spokenVoiceName(voices.voices, voice ?? voices.defaultVoice, podcast.language ?? null) : null}
        showShared={isPremium && !!podcast.shareUrl}
      />

      <div className="flex flex-1 flex-col gap-4 px-4 pb-4 sm:px-5 sm:pb-5">
        {!isFinished(status) && status !== 'drafted' && <ConversionProgress status={status} progress={progress} title={title} />}
        {status === 'drafted' && <DraftReady canEdit={isPremium} onEdit={() => setDialog('script')} onVoice={() => setDialog('voice')} />}
        {status === 'ready' && podcast.mode && (
          <p data-testid="how-made" className={`flex items-center gap-2 text-sm ${podcast.fallbackReason && podcast.mode !== 'read' ? 'text-amber-800' : 'text-slate-600'}`}>
            <Info aria-hidden size={16} className="shrink-0" />
            {howMadeLabel(podcast)}
          </p>
        )}
        {status === 'failed' && <ConversionFailed podcastId={id} error={error} unfinished={source !== null} />}
        {source && (
          <PodcastPlayback
            podcastId={id}
            source={source}
            title={title}
            image={podcast.image}
            durationSeconds={podcast.durationSeconds}
            growing={growing}
            positionSeconds={podcast.positionSeconds}
            player={player}
            playWhenReady={playWhenReady || autoPlay}
            onPlayed={() => {
              setPlayWhenReady(false);
              if (autoPlay) onAutoPlayed?.();
            }}
          />
        )}
        {source && <ListeningActions podcast={podcast} />}
        {premiumTools && <Bookmarks podcastId={id} player={player} />}
        <PodcastActions podcast={podcast} isPremium={isPremium} onOpen={setDialog} />
        {showUpgradeOverlay && !isPremium && <PremiumOverlay />}
      </div>

      <TranscriptModal open={dialog === 'transcript'} onClose={closeDialog} title={title} podcastId={id} />
      {/* Mounted while the podcast converts again, so they close (and give focus back) properly. */}
      {isPremium && (
        <>
          <ShareDialog podcastId={id} title={title} shareUrl={podcast.shareUrl ?? null} open={dialog === 'share'} onClose={closeDialog} />
          <RevoiceDialog
            podcastId={id}
            currentVoice={voice ?? null}
            open={dialog === 'voice'}
            onClose={closeDialog}
            onStarted={() => setPlayWhenReady(true)}
            drafted={status === 'drafted'}
            scriptEdited={podcast.scriptEdited === true}
          />
          <ScriptEditorDialog
            podcastId={id}
            status={status}
            mode={podcast.mode}
            currentVoice={voice ?? null}
            open={dialog === 'script'}
            onClose={closeDialog}
            onVoiced={() => setPlayWhenReady(true)}
          />
        </>
      )}
      <DeletePodcastDialog podcastId={id} title={title} open={dialog === 'delete'} onClose={closeDialog} />
    </article>
  );
}
