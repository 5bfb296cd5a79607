/**
 * A drafted podcast (Premium): its script is written and waits to be read, edited and voiced.
 */
import { FilePen, Mic } from 'lucide-react';
import { podcastStatusLabel } from '../../../../../shared/podcast/status-labels.ts';
import { Button } from '../../../components/ui/button.tsx';

export function DraftReady({ canEdit, onEdit, onVoice }: { canEdit: boolean; onEdit: () => void; onVoice: () => void }) {
  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-3 sm:p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-800">
        <FilePen aria-hidden size={16} />
        {podcastStatusLabel('drafted')}
      </p>
      {canEdit ? (
        <>
          <p className="mt-1 text-sm text-slate-600">Read it, change what you like, then voice it.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" icon={<FilePen aria-hidden size={16} />} onClick={onEdit}>
              Edit script
            </Button>
            <Button variant="outline" size="sm" icon={<Mic aria-hidden size={16} />} onClick={onVoice}>
              Voice script
            </Button>
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Editing and voicing a draft are Premium features.</p>
      )}
    </div>
  );
}
