/**
 * A card's listening actions: "Play next" and "Add to queue" (or "Remove from queue" once queued,
 * with its place), and whether it was played, with the change back.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ListEnd, ListPlus, ListX } from 'lucide-react';
import type { StoredPodcast } from '../api/podcast-storage.ts';
import { setPlayed, useQueue } from '../hooks/use-queue.ts';

export function ListeningActions({ podcast }: { podcast: StoredPodcast }) {
  const queryClient = useQueryClient();
  const queue = useQueue();
  const place = queue.ids.indexOf(podcast.id);
  const played = !!podcast.playedAt;
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs" role="group" aria-label="Listening">
      {place >= 0 ? (
        <>
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-700">
            {place === 0 ? 'Up next' : `In queue (${place + 1})`}
          </span>
          <button type="button" onClick={() => queue.remove(podcast.id)} className={actionClass}>
            <ListX aria-hidden size={14} /> Remove from queue
          </button>
          {place > 0 && (
            <button type="button" onClick={() => queue.playNext(podcast.id)} className={actionClass}>
              <ListEnd aria-hidden size={14} className="rotate-180" /> Play next
            </button>
          )}
        </>
      ) : (
        <>
          <button type="button" onClick={() => queue.playNext(podcast.id)} className={actionClass}>
            <ListEnd aria-hidden size={14} className="rotate-180" /> Play next
          </button>
          <button type="button" onClick={() => queue.add(podcast.id)} className={actionClass}>
            <ListPlus aria-hidden size={14} /> Add to queue
          </button>
        </>
      )}
      <span className="ml-auto flex items-center gap-1.5">
        {played && (
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-700" data-testid="played">
            <CheckCircle2 aria-hidden size={14} /> Played
          </span>
        )}
        <button type="button" onClick={() => void setPlayed(queryClient, podcast.id, !played)} className={actionClass}>
          {played ? 'Mark unplayed' : 'Mark played'}
        </button>
      </span>
    </div>
  );
}

const actionClass =
  'inline-flex items-center gap-1 rounded-md px-1.5 py-1 font-semibold text-slate-700 hover:bg-slate-200 hover:text-slate-900';
