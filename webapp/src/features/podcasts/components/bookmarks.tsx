/**
 * Bookmarks on a card (Premium): 'Add bookmark' marks the player's current position, with an
 * optional note; each bookmark seeks the player when clicked and can be deleted.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Bookmark as BookmarkIcon, BookmarkPlus, Trash2 } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { MAX_BOOKMARK_NOTE_CHARS } from '../../../../../shared/api/premium.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBookmarks } from '../hooks/use-bookmarks.ts';
import { formatTime } from '../../../../../shared/format-time.ts';
import type { AudioPlayerHandle } from './audio-player.tsx';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function Bookmarks({ podcastId, player }: { podcastId: string; player: RefObject<AudioPlayerHandle | null> }) {
  const { bookmarks, loading, error, add, remove } = useBookmarks(podcastId);
  const headingId = useId();
  const noteId = useId();
  /** The position of the bookmark being written, or null. */
  const [draft, setDraft] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  const wasDrafting = useRef(false);

  // Focus follows the form: into the note when it opens, back to 'Add bookmark' when it closes.
  useEffect(() => {
    if (draft !== null) noteRef.current?.focus();
    else if (wasDrafting.current) addRef.current?.focus();
    wasDrafting.current = draft !== null;
  }, [draft]);

  function start() {
    setNote('');
    setDraft(player.current?.currentTime() ?? 0);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft === null || saving) return;
    setSaving(true);
    try {
      await add(draft, note);
      toast.success(`Bookmark added at ${formatTime(draft)}`);
      setDraft(null);
    } catch (err) {
      toast.error(message(err));
    } finally {
      setSaving(false);
    }
  }

  async function removeBookmark(id: string) {
    setDeleting(id);
    try {
      await remove(id);
      toast.success('Bookmark deleted');
      addRef.current?.focus();
    } catch (err) {
      toast.error(message(err));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl p-3 ring-1 ring-slate-200 ring-inset">
      <div className="flex items-center justify-between gap-3">
        <h4 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <BookmarkIcon aria-hidden size={16} className="text-brand-600" />
          Bookmarks
          {bookmarks.length > 0 && <span className="font-normal text-slate-500">({bookmarks.length})</span>}
        </h4>
        <Button
          ref={addRef}
          variant="ghost"
          size="sm"
          icon={<BookmarkPlus aria-hidden size={16} />}
          onClick={start}
          disabled={draft !== null}
        >
          Add bookmark
        </Button>
      </div>

      {draft !== null && (
        <form
          onSubmit={save}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              setDraft(null);
            }
          }}
          className="mt-2 flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-end"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={noteId} className="mb-1 block text-xs font-medium text-slate-700">
              Note at {formatTime(draft)} (optional)
            </label>
            <input
              ref={noteRef}
              id={noteId}
              type="text"
              value={note}
              maxLength={MAX_BOOKMARK_NOTE_CHARS}
              onChange={(e) => setNote(e.currentTarget.value)}
              placeholder="What happens here?"
              className="h-9 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={saving}>
              Save bookmark
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDraft(null)} disabled={saving}>
              Cancel
            </Button>
          </div>
        </form>
      )}

      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : loading ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={14} /> Loading bookmarks…
        </p>
      ) : bookmarks.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {bookmarks.map((bookmark) => {
            const at = formatTime(bookmark.positionSeconds);
            return (
              <li key={bookmark.id} className="flex items-center gap-1 py-0.5">
                <button
                  type="button"
                  onClick={() => player.current?.seek(bookmark.positionSeconds)}
                  className="flex min-w-0 flex-1 items-baseline gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-50"
                >
                  <span className="sr-only">Go to </span>
                  <span className="shrink-0 font-semibold text-brand-700 tabular-nums">{at}</span>{' '}
                  <span className={`truncate ${bookmark.note ? 'text-slate-700' : 'text-slate-500 italic'}`}>
                    {bookmark.note ?? 'No note'}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => removeBookmark(bookmark.id)}
                  disabled={deleting === bookmark.id}
                  aria-label={`Delete bookmark at ${at}`}
                  title="Delete bookmark"
                  className="shrink-0 rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
                >
                  {deleting === bookmark.id ? <Spinner size={16} /> : <Trash2 aria-hidden size={16} />}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        draft === null && <p className="mt-1 text-sm text-slate-500">Mark a moment to come back to it later.</p>
      )}
    </section>
  );
}
