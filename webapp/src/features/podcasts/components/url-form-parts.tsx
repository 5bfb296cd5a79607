/**
 * The URL card's fixed parts: its heading with the way to choose a PDF, the way to add a line, and the
 * live region under the form that says what the last attempt did (its failure, the podcast on its way
 * or made, the sources left out of it).
 */
import { CircleAlert, CircleCheck, Plus, Sparkles, TriangleAlert } from 'lucide-react';
import type { PodcastStatus, UnreadableSource } from '../../../../../shared/api/podcasts.ts';
import { PDF_LIMITS } from '../../../../../shared/constants.ts';
import { CONTENT_MESSAGES } from '../../../../../shared/errors.ts';
import { fileSize } from '../utils/pdf-file.ts';
import { SOURCE_LINE_MESSAGES } from '../utils/form-sources.ts';
import { UnreadableSources } from './unreadable-sources.tsx';

/** The card's heading; `onChoose` opens the file chooser. */
export function UrlFormIntro({ onChoose }: { onChoose: () => void }) {
  return (
    <div className="flex items-start gap-3">
      <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 sm:flex">
        <Sparkles aria-hidden size={20} />
      </span>
      <div>
        <h2 id="url-input-title" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
          Convert Any Website to Podcast
        </h2>
        <p className="mt-1 text-sm text-slate-600 sm:text-base">
          Paste the address of an article, a blog post or a report, or{' '}
          {/* A button, not the file input's label: it shows its focus, and Enter opens the chooser as Space does. */}
          <button
            type="button"
            onClick={onChoose}
            className="cursor-pointer rounded-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            choose a PDF
          </button>{' '}
          (up to {fileSize(PDF_LIMITS.maxBytes)}, or drop it here).
        </p>
      </div>
    </div>
  );
}

interface UrlFormMessagesProps {
  id: string;
  error: string | null;
  /** A podcast was made by the last attempt. */
  created: boolean;
  /** Where the podcast made last is now (its card tells a failure). */
  madeStatus: PodcastStatus | null;
  /** Sources the server left out of the podcast just made. */
  leftOut: readonly UnreadableSource[];
}

export function UrlFormMessages({ id, error, created, madeStatus, leftOut }: UrlFormMessagesProps) {
  return (
    <div id={id} aria-live="polite" className="min-h-0">
      {error && (
        <p role="alert" className="mt-3 flex items-start gap-2 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
          {error}
        </p>
      )}
      {created && !error && madeStatus !== 'failed' && (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-700">
          <CircleCheck aria-hidden size={16} className="shrink-0" />
          {madeStatus === 'ready' || madeStatus === 'drafted' ? CONTENT_MESSAGES.created : CONTENT_MESSAGES.starting}
        </p>
      )}
      {created && leftOut.length > 0 && (
        <UnreadableSources
          className="mt-3"
          icon={<TriangleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />}
          heading={leftOut.length === 1 ? 'Made without one source, which could not be read:' : `Made without ${leftOut.length} sources, which could not be read:`}
          sources={leftOut}
        />
      )}
    </div>
  );
}

/** Under the lines: 'Add another address' (or that the card is full), and what several lines make. */
export function AddSourceLine({ full, several, onAdd }: { full: boolean; several: boolean; onAdd: () => void }) {
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {!full ? (
          <>
            <button
              type="button"
              onClick={onAdd}
              className="inline-flex cursor-pointer items-center gap-1 rounded-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              <Plus aria-hidden size={14} />
              Add another address
            </button>
            <span className="text-slate-500">or paste several, one a line.</span>
          </>
        ) : (
          <span className="text-slate-500">{SOURCE_LINE_MESSAGES.full}</span>
        )}
      </div>
      {several && <p className="mt-1 text-sm text-slate-500">One episode, with a chapter for each source in this order.</p>}
    </>
  );
}
