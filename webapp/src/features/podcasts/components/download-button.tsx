import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { DOWNLOAD_MESSAGES } from '../../../../../shared/errors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { downloadPodcast } from '../api/download-podcast.ts';
import { downloadRefusal } from '../utils/download.ts';

/** Download for Premium members: disabled until the audio exists; the MP3 is named after the title. */
export function DownloadButton({
  id,
  title,
  audioUrl,
  isPremium,
}: {
  id: string;
  title: string;
  audioUrl: string | null;
  isPremium: boolean;
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    const refusal = downloadRefusal({ isPremium, audioUrl });
    if (refusal) {
      toast.error(refusal);
      return;
    }
    setBusy(true);
    try {
      await downloadPodcast(id, title);
      toast.success(DOWNLOAD_MESSAGES.started);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      icon={<Download aria-hidden size={16} />}
      loading={busy}
      disabled={!audioUrl}
      title={audioUrl ? undefined : DOWNLOAD_MESSAGES.audioRequired}
      onClick={download}
    >
      Download
    </Button>
  );
}
