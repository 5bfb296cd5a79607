import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useScript } from '../hooks/use-script.ts';
import { transcriptParagraphs } from '../utils/transcript.ts';
import { ScriptBlocks } from './script-blocks.tsx';

/**
 * The podcast's script in a modal titled Transcript, one paragraph per line, chapters as headings.
 * The script is read from the server when the modal opens (the podcast's JSON does not carry it).
 */
export function TranscriptModal({
  open,
  onClose,
  title,
  podcastId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  podcastId: string;
}) {
  const script = useScript({ podcastId }, open);
  const paragraphs = transcriptParagraphs(script.data?.script ?? '');
  return (
    <Modal open={open} onClose={onClose} title="Transcript">
      <p className="mb-4 text-sm font-medium text-slate-500">{title}</p>
      <div className="space-y-4 text-base leading-relaxed text-slate-800">
        {script.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size={14} className="text-brand-600" />
            Loading the transcript…
          </p>
        ) : script.isError ? (
          <div role="alert" className="space-y-3 text-sm text-red-700">
            <p>Could not load the transcript: {errorMessage(script.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void script.refetch()}>
              Try again
            </Button>
          </div>
        ) : paragraphs.length > 0 ? (
          <ScriptBlocks blocks={paragraphs} />
        ) : (
          <p className="text-slate-500">The transcript appears once the script is written.</p>
        )}
      </div>
    </Modal>
  );
}
