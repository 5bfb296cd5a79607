import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { deletePodcast } from '../api/podcasts.ts';
import { usePodcastStore } from '../stores/podcast-store.ts';

/** Asks before deleting a podcast, its audio and its bookmarks for good. */
export function DeletePodcastDialog({ podcastId, title, open, onClose }: { podcastId: string; title: string; open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deletePodcast(podcastId);
      onClose();
      usePodcastStore.getState().removePodcast(podcastId);
      toast.success('Podcast deleted');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Delete podcast?"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={confirm}>
            Delete podcast
          </Button>
        </>
      }
    >
      <p className="text-slate-600">
        <span className="font-medium text-slate-900">{title}</span>, its audio and its bookmarks will be deleted. This cannot be undone.
      </p>
    </Modal>
  );
}
