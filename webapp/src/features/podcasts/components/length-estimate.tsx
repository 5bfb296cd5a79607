/**
 * The estimated length under the URL card's choices, read out when it changes: a hint before there
 * is an address, 'Estimating the length…' while the page is read, the length and the article's words
 * (and when it is too short for the minutes asked, or is a list of articles rather than one), or why it
 * could not be estimated (creating still works: the server says what is wrong). Several sources are
 * estimated as the one episode they make, naming any the server could not read.
 */
import { CircleAlert, Timer } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { listingNote } from '../../../../../shared/errors.ts';
import type { EstimateState } from '../hooks/use-estimate.ts';
import { formatLength } from '../utils/modes.ts';
import { UnreadableSources } from './unreadable-sources.tsx';

const words = new Intl.NumberFormat('en-US');

/** What the words were counted in: the article, the PDF and its pages, or the sources read. */
function countedIn(state: Extract<EstimateState, { kind: 'ready' }>): string {
  if (state.sources !== null) return `${state.sources === 1 ? 'the one source read has' : `the ${words.format(state.sources)} sources have`}`;
  if (state.pages === null) return 'the article has';
  return `the PDF has ${words.format(state.pages)} ${state.pages === 1 ? 'page' : 'pages'} and`;
}

/** What is too short to fill the minutes asked. */
const shortThing = (state: Extract<EstimateState, { kind: 'ready' }>) => (state.sources !== null ? 'sources are' : state.pages === null ? 'article is' : 'document is');

export function LengthEstimate({ state }: { state: EstimateState }) {
  return (
    <div aria-live="polite" data-testid="length-estimate" className="min-h-5 text-sm">
      {state.kind === 'idle' && <p className="text-slate-500">Paste an address or choose a PDF to see how long it will be.</p>}
      {state.kind === 'unfinished' && <p className="text-slate-500">Complete each address to see how long the episode will be.</p>}
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
              {countedIn(state)}{' '}
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
        <p className="mt-1 text-slate-600">The {shortThing(state)} short, so the episode runs shorter than the {state.shortOf} minutes asked.</p>
      )}
      {state.kind === 'ready' && state.unreadable.length > 0 && (
        <UnreadableSources
          className="mt-2"
          icon={<CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />}
          heading={state.unreadable.length === 1 ? 'This source could not be read and will be left out:' : 'These sources could not be read and will be left out:'}
          sources={state.unreadable}
        />
      )}
    </div>
  );
}
