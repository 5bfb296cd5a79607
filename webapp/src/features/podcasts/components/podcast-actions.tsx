import { FilePen, FileText, Mic, Share2, Trash2 } from 'lucide-react';
import { hasAudio } from '../../../../../shared/podcast/episode-source.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { StoredPodcast } from '../api/podcast-storage.ts';
import { DownloadButton } from './download-button.tsx';

export type CardDialog = 'transcript' | 'share' | 'voice' | 'delete' | 'script';

interface PodcastActionsProps {
  podcast: StoredPodcast;
  isPremium: boolean;
  onOpen: (dialog: CardDialog) => void;
}

/**
 * The card's row of actions: View Transcript (once there is a script) and Delete for everyone;
 * Download for Premium members, Share as soon as there is audio (a podcast shared while it is made
 * plays on its public page as it grows), and Change voice and Edit script once the podcast is ready.
 */
export function PodcastActions({ podcast, isPremium, onOpen }: PodcastActionsProps) {
  const { id, title, hasScript, audioUrl, status } = podcast;
  const premiumTools = isPremium && status === 'ready';
  const shareable = premiumTools || (isPremium && status === 'speaking' && hasAudio(podcast));
  return (
    <div className="mt-auto flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        icon={<FileText aria-hidden size={16} />}
        disabled={!hasScript}
        title="The whole script in a window, to read on its own"
        onClick={() => onOpen('transcript')}
      >
        View Transcript
      </Button>
      {isPremium && <DownloadButton id={id} title={title} audioUrl={audioUrl} isPremium={isPremium} />}
      {shareable && (
        <Button variant="outline" size="sm" icon={<Share2 aria-hidden size={16} />} onClick={() => onOpen('share')}>
          Share
        </Button>
      )}
      {premiumTools && (
        <Button variant="outline" size="sm" icon={<Mic aria-hidden size={16} />} onClick={() => onOpen('voice')}>
          Change voice
        </Button>
      )}
      {premiumTools && (
        <Button variant="outline" size="sm" icon={<FilePen aria-hidden size={16} />} onClick={() => onOpen('script')}>
          Edit script
        </Button>
      )}
      <button
        type="button"
        onClick={() => onOpen('delete')}
        aria-label="Delete podcast"
        title="Delete podcast"
        className="ml-auto rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 aria-hidden size={18} />
      </button>
    </div>
  );
}
