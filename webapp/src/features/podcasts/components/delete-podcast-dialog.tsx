import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useDeletePodcast } from '../api/delete-podcast.ts';

/** Asks before deleting a podcast, its audio and its bookmarks for good. */
export function DeletePodcastDialog({ podcastId, title, open, onClose }: { podcastId: string; title: string; open: boolean; onClose: () => void }) {
  const remove = useDeletePodcast({
    onSuccess: () => {
      onClose();
      toast.success('Podcast deleted');
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  // Once deleted the card goes away: the button stays busy until then.
  const busy = remove.isPending || remove.isSuccess;

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
          <Button variant="danger" loading={busy} onClick={() => remove.mutate(podcastId)}>
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
