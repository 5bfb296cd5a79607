/**
 * Share (Premium): opening the dialog creates the podcast's public link (the same one while it stays
 * shared) and shows it with a Copy button; 'Stop sharing' revokes it, after which the link shows a
 * 'no longer shared' page.
 */
import { useEffect, useState } from 'react';
import { ExternalLink, Link2Off } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { CopyField } from '../../../components/ui/copy-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { sharePodcast, stopSharing } from '../api/share.ts';

export function ShareDialog({
  podcastId,
  title,
  open,
  onClose,
  onSharedChange,
}: {
  podcastId: string;
  title: string;
  open: boolean;
  onClose: () => void;
  /** The link once made, or null once sharing stopped, so the card can say whether it is shared. */
  onSharedChange: (url: string | null) => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [stopping, setStopping] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setError(null);
    sharePodcast(podcastId)
      .then((link) => {
        if (!current) return;
        setUrl(link);
        onSharedChange(link);
      })
      .catch((err: unknown) => current && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      current = false;
    };
  }, [open, podcastId, attempt]);

  async function stop() {
    setStopping(true);
    try {
      await stopSharing(podcastId);
      setUrl(null);
      onSharedChange(null);
      toast.success('Sharing stopped: the link no longer works');
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setStopping(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Share podcast"
      size="sm"
      footer={
        <>
          {url && (
            <Button variant="outline" icon={<Link2Off aria-hidden size={16} />} loading={stopping} onClick={stop} className="mr-auto">
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
        ) : error ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
            <p role="alert">{error}</p>
            <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
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
