/**
 * Share (Premium): opening the dialog creates the podcast's public link (the same one while it stays
 * shared) and shows it with a Copy button; 'Stop sharing' revokes it, after which the link shows a
 * 'no longer shared' page. The card's 'Shared' badge follows the podcast in the cache.
 */
import { useEffect } from 'react';
import { ExternalLink, Link2Off } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyField } from '../../../components/ui/copy-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useSharePodcast } from '../api/share-podcast.ts';
import { useStopSharing } from '../api/stop-sharing.ts';

interface ShareDialogProps {
  podcastId: string;
  title: string;
  /** The link the cache already holds, shown while the server confirms it. */
  shareUrl: string | null;
  open: boolean;
  onClose: () => void;
}

export function ShareDialog({ podcastId, title, shareUrl, open, onClose }: ShareDialogProps) {
  const share = useSharePodcast();
  const stop = useStopSharing({
    onSuccess: () => {
      share.reset();
      toast.success('Sharing stopped: the link no longer works');
      onClose();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const { mutate: createLink } = share;

  useEffect(() => {
    if (open) createLink(podcastId);
  }, [open, createLink, podcastId]);

  const url = share.data ?? shareUrl;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Share podcast"
      size="sm"
      footer={
        <>
          {url && (
            <Button variant="outline" icon={<Link2Off aria-hidden size={16} />} loading={stop.isPending} onClick={() => stop.mutate(podcastId)} className="mr-auto">
              Stop sharing
            </Button>
          )}
          <Button variant="outline" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        Anyone with this link can listen to <span className="font-medium text-slate-900">{title}</span> and read its transcript,
        without an account. Nothing else of yours is shown.
      </p>
      <div className="mt-4" aria-live="polite">
        {url ? (
          <>
            <CopyField label="Share link" value={url} copiedMessage="Link copied" />
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-600"
            >
              Open the shared page
              <ExternalLink aria-hidden size={14} />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </>
        ) : share.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
            <p role="alert">{errorMessage(share.error)}</p>
            <Button variant="outline" size="sm" onClick={() => createLink(podcastId)}>
              Try again
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="text-brand-600" /> Creating the link…
          </p>
        )}
      </div>
    </Modal>
  );
}
