/**
 * The estimated length under the URL card's choices, read out when it changes: a hint before there
 * is an address, 'Estimating the length…' while the page is read, the length and the article's words
 * (and when it is too short for the minutes asked, or is a list of articles rather than one), or why it
 * could not be estimated (creating still works: the server says what is wrong).
 */
import { CircleAlert, Timer } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { listingNote } from '../../../../../shared/errors.ts';
import type { EstimateState } from '../hooks/use-estimate.ts';
import { formatLength } from '../utils/modes.ts';

const words = new Intl.NumberFormat('en-US');


export function LengthEstimate({ state }: { state: EstimateState }) {
  return (
    <div aria-live="polite" data-testid="length-estimate" className="min-h-5 text-sm">
      {state.kind === 'idle' && <p className="text-slate-500">Paste an address or choose a PDF to see how long it will be.</p>}
      {state.kind === 'no-minutes' && <p className="text-slate-500">Choose the minutes to see how long it will be.</p>}
      {state.kind === 'loading' && (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner size={14} className="text-brand-600" />
          Estimating the length…
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="flex items-start gap-2 text-amber-800">
          <CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
          <span>Could not estimate the length: {state.message}</span>
        </p>
      )}
      {state.kind === 'ready' && (
        <p className="flex items-center gap-2 text-slate-700">
          <Timer aria-hidden size={16} className="shrink-0 text-brand-600" />
          <span>
            Estimated length: <strong className="font-semibold text-slate-900">{formatLength(state.estimatedSeconds)}</strong>
            <span className="text-slate-500">
              {' · '}
              {state.pages === null ? 'the article has' : `the PDF has ${words.format(state.pages)} ${state.pages === 1 ? 'page' : 'pages'} and`}{' '}
              {words.format(state.words)} {state.words === 1 ? 'word' : 'words'}
            </span>
          </span>
        </p>
      )}
      {state.kind === 'ready' && state.listing !== null && (
        <p className="mt-1 text-slate-600" data-testid="listing-note">
          {listingNote(state.listing)}
        </p>
      )}
      {state.kind === 'ready' && state.shortOf !== null && (
        <p className="mt-1 text-slate-600">The {state.pages === null ? 'article' : 'document'} is short, so the episode runs shorter than the {state.shortOf} minutes asked.</p>
      )}
    </div>
  );
}
