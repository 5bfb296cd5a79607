/**
 * The read-along transcript: the spoken sentences with chapter headings and, in a conversation, who
 * speaks. The sentence being spoken is highlighted (`aria-current="true"`) and kept in view, unless
 * the listener scrolled away: then "Back to current" brings it back. A click (or Enter) on a sentence
 * plays from there, paused or not (any other player pauses). While the episode is made, sentences appear as their audio does. The transcript
 * downloads as WebVTT and as plain text.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Download, LocateFixed } from 'lucide-react';
import type { Transcript } from '../../../../../shared/api/transcript.ts';
import { formatTime } from '../../../../../shared/format-time.ts';
import { currentCueIndex, transcriptBlocks } from '../../../../../shared/podcast/read-along.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { downloadTranscript, type TranscriptFormat, type TranscriptOf } from '../api/transcript.ts';

interface ReadAlongProps {
  transcript: Transcript | null;
  loading: boolean;
  error: unknown;
  /** The episode is still being made. */
  live: boolean;
  /** The player's clock, in seconds. */
  time: number;
  /** A sentence was chosen: play from there (whether the player was playing or paused). */
  onPlayFrom: (seconds: number) => void;
  of: TranscriptOf;
  title: string;
  /** Labels the region (a heading's id). */
  labelledBy?: string;
  className?: string;
}

export function ReadAlong({ transcript, loading, error, live, time, onPlayFrom, of, title, labelledBy, className = '' }: ReadAlongProps) {
  const cues = transcript?.cues ?? [];
  const current = currentCueIndex(cues, time);
  const box = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);

  const currentElement = () => box.current?.querySelector<HTMLElement>('[aria-current="true"]') ?? null;

  function scrollToCurrent() {
    const container = box.current;
    const element = currentElement();
    if (!container || !element) return;
    const offset = element.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
    const top = offset - container.clientHeight / 3;
    container.scrollTo({ top: Math.max(0, top) });
  }

  // The sentence spoken stays in view while the listener follows along.
  useLayoutEffect(() => {
    if (following) scrollToCurrent();
  }, [current, following]);

  // The listener's own scrolling (wheel, touch, the scrollbar, keys) stops the following.
  const stopFollowing = () => setFollowing(false);

  function seekTo(startMs: number) {
    onPlayFrom(startMs / 1000);
    setFollowing(true);
  }
  function onSentenceKey(event: KeyboardEvent, startMs: number) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      seekTo(startMs);
    }
  }

  async function download(format: TranscriptFormat) {
    try {
      await downloadTranscript(of, format, title);
    } catch (err) {
      toast.error(`The transcript could not be downloaded: ${errorMessage(err)}`);
    }
  }

  const blocks = transcriptBlocks(cues);
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <div className="relative">
        <div
          ref={box}
          role="region"
          aria-label={labelledBy ? undefined : 'Read along'}
          aria-labelledby={labelledBy}
          tabIndex={0}
          data-testid="read-along"
          onWheel={stopFollowing}
          onTouchMove={stopFollowing}
          onPointerDown={(e) => e.target === e.currentTarget && stopFollowing()}
          onKeyDown={(e) => ['PageUp', 'PageDown', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key) && e.target === e.currentTarget && stopFollowing()}
          className="max-h-80 overflow-y-auto rounded-xl bg-white p-4 text-base leading-relaxed text-slate-800 ring-1 ring-slate-200 ring-inset focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {cues.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              {loading || live ? <Spinner size={14} className="text-brand-600" /> : null}
              {error && !live
                ? 'The timed transcript could not be loaded.'
                : live || loading
                  ? 'The transcript appears here as the audio is made.'
                  : 'This podcast has no timed transcript.'}
            </p>
          ) : (
            blocks.map((block, i) =>
              block.kind === 'chapter' ? (
                <h4 key={`c${i}`} className="mt-4 mb-1 text-sm font-semibold tracking-wide text-brand-700 uppercase first:mt-0">
                  {block.title}
                </h4>
              ) : (
                <p key={`t${i}`} className="mb-3" data-paragraph={block.paragraph ?? undefined}>
                  {block.speaker && <strong className="mr-1 font-semibold text-slate-900">{block.speaker}:</strong>}
                  {block.cues.map(({ cue, position }) => (
                    <span key={cue.index}>
                      <span
                        role="button"
                        tabIndex={0}
                        aria-current={position === current ? 'true' : undefined}
                        title={`From ${formatTime(cue.startMs / 1000)}`}
                        onClick={() => seekTo(cue.startMs)}
                        onKeyDown={(e) => onSentenceKey(e, cue.startMs)}
                        className={
                          'cursor-pointer rounded px-0.5 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 ' +
                          (position === current ? 'bg-amber-100 text-slate-950' : '')
                        }
                      >
                        {cue.text}
                      </span>{' '}
                      {cue.shown && (
                        // Shown as written, never spoken: a code block or a long table read mode announced.
                        // Focusable, so a keyboard can scroll a long one.
                        <span
                          data-unspoken=""
                          tabIndex={0}
                          className="my-2 block max-h-64 overflow-auto rounded bg-slate-50 p-2 font-mono text-sm whitespace-pre text-slate-600 ring-1 ring-slate-200 ring-inset"
                        >
                          {cue.shown}
                        </span>
                      )}
                    </span>
                  ))}
                </p>
              ),
            )
          )}
          {cues.length > 0 && live && <p className="text-sm text-slate-500">More follows as the audio is made…</p>}
        </div>
        {!following && current >= 0 && (
          <button
            type="button"
            onClick={() => {
              setFollowing(true);
              scrollToCurrent();
            }}
            className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white shadow-md hover:bg-brand-700"
          >
            <LocateFixed aria-hidden size={14} />
            Back to current
          </button>
        )}
      </div>
      {cues.length > 0 && (
        <div className="flex flex-wrap gap-2 text-xs">
          <button type="button" onClick={() => void download('vtt')} className={downloadClass}>
            <Download aria-hidden size={14} />
            Download transcript (WebVTT)
          </button>
          <button type="button" onClick={() => void download('txt')} className={downloadClass}>
            <Download aria-hidden size={14} />
            Download transcript (text)
          </button>
        </div>
      )}
    </div>
  );
}

const downloadClass =
  'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 py-1 font-semibold text-slate-700 hover:bg-slate-50';
