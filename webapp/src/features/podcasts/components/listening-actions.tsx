/**
 * A card's listening actions: where it is in the queue and whether it was played, always shown; and,
 * behind "Queue", "Play next" and "Add to queue" (or "Remove from queue" once queued) and the change
 * between played and unplayed. Each button's accessible name ends with the podcast's title, so a list
 * of cards read by a screen reader says which podcast each one acts on.
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ChevronDown, ListEnd, ListPlus, ListVideo, ListX } from 'lucide-react';
import type { StoredPodcast } from '../api/podcast-storage.ts';
import { setPlayed, useQueue } from '../hooks/use-queue.ts';

export function ListeningActions({ podcast }: { podcast: StoredPodcast }) {
  const queryClient = useQueryClient();
  const queue = useQueue();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const place = queue.ids.indexOf(podcast.id);
  const played = !!podcast.playedAt;
  const title = podcast.title.trim() || 'Untitled podcast';
  /** The button's name for screen readers: its words, then the podcast's title. */
  const named = (label: string) => ({ 'aria-label': `${label}: ${title}` });
  /** Does it, and closes the actions. */
  const then = (action: () => void) => () => {
    action();
    setOpen(false);
  };
  return (
    <div className="flex flex-col gap-1.5 text-xs">
      <div className="flex flex-wrap items-center gap-1.5">
        <button type="button" {...named('Queue')} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)} className={actionClass}>
          <ListVideo aria-hidden size={14} /> Queue
          <ChevronDown aria-hidden size={12} className={open ? 'rotate-180' : ''} />
        </button>
        {place >= 0 && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-700">
            {place === 0 ? 'Up next' : `In queue (${place + 1})`}
          </span>
        )}
        {played && (
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-700" data-testid="played">
            <CheckCircle2 aria-hidden size={14} /> Played
          </span>
        )}
      </div>
      {open && (
        <div id={menuId} className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Queue">
          {place !== 0 && (
            <button type="button" {...named('Play next')} onClick={then(() => queue.playNext(podcast.id))} className={actionClass}>
              <ListEnd aria-hidden size={14} className="rotate-180" /> Play next
            </button>
          )}
          {place >= 0 ? (
            <button type="button" {...named('Remove from queue')} onClick={then(() => queue.remove(podcast.id))} className={actionClass}>
              <ListX aria-hidden size={14} /> Remove from queue
            </button>
          ) : (
            <button type="button" {...named('Add to queue')} onClick={then(() => queue.add(podcast.id))} className={actionClass}>
              <ListPlus aria-hidden size={14} /> Add to queue
            </button>
          )}
          <button
            type="button"
            {...named(played ? 'Mark unplayed' : 'Mark played')}
            onClick={then(() => void setPlayed(queryClient, podcast.id, !played))}
            className={actionClass}
          >
            {played ? 'Mark unplayed' : 'Mark played'}
          </button>
        </div>
      )}
    </div>
  );
}

const actionClass =
  'inline-flex items-center gap-1 rounded-md px-1.5 py-1 font-semibold text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-100 hover:text-slate-900';
