import { Modal } from '../../../components/ui/modal.tsx';
import { transcriptParagraphs } from '../utils/transcript.ts';

/** The podcast's script in a modal titled Transcript, one paragraph per line, chapters as headings. */
export function TranscriptModal({
  open,
  onClose,
  title,
  content,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  content: string;
}) {
  const paragraphs = transcriptParagraphs(content);
  return (
    <Modal open={open} onClose={onClose} title="Transcript">
      <p className="mb-4 text-sm font-medium text-slate-500">{title}</p>
      <div className="space-y-4 text-base leading-relaxed text-slate-800">
        {paragraphs.length > 0 ? (
          paragraphs.map((block, i) =>
            block.heading ? (
              <h3 key={i} className="pt-2 text-lg font-semibold text-slate-900">
                {block.text}
              </h3>
            ) : (
              <p key={i}>{block.text}</p>
            ),
          )
        ) : (
          <p className="text-slate-500">The transcript appears once the script is written.</p>
        )}
      </div>
    </Modal>
  );
}
