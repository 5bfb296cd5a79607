/**
 * 'Create podcast from this page' for the tab the popup was opened on, and from the selection when
 * the reader has selected text there, in the mode chosen (read, podcast, brief, conversation; minutes
 * for podcast and conversation), with the episode's estimated length shown before Create. The choice
 * starts on the member's preferences, else on the server's default mode; on a server without an AI
 * model the modes that need one say so and cannot be picked. "Add this page" gathers pages into the
 * tray (tray.tsx), of which "Make one episode" makes one podcast in the same mode. Progress then shows
 * in CreationStatus.
 */
import { useEffect, useState } from 'react';
import { FileText, Sparkles, TextSelect } from 'lucide-react';
import type { User } from '../../../shared/api/auth.ts';
import type { Capabilities } from '../../../shared/api/capabilities.ts';
import { PODCAST_MINUTES, PODCAST_MODES, type PodcastMode } from '../../../shared/constants.ts';
import { listingNote } from '../../../shared/errors.ts';
import type { CreateOptions, PageEstimate } from '../../messaging.ts';
import { UNREADABLE_PAGE_HINT, UNREADABLE_PAGE_MESSAGE, isReadableUrl } from '../../page-access.ts';
import type { ExtensionError } from '../../result.ts';
import { creationItem, type Creation } from '../../storage.ts';
import { countWords, formatLength, hostOf } from './format.ts';
import { queryActiveTab, sendMessage, settle, useEstimateOf, type ActiveTab } from './hooks.ts';
import { Tray } from './tray.tsx';
import { Button, ErrorNote } from './ui.tsx';

type Source = Exclude<Creation['source'], 'tray'>;

const MODE_LABELS: Record<PodcastMode, string> = { read: 'Read', podcast: 'Podcast', brief: 'Brief', conversation: 'Conversation' };
const MODE_HINTS: Record<PodcastMode, string> = {
  read: 'The whole article, word for word',
  podcast: 'One host retells it at your length',
  brief: 'About two minutes: what it says and why it matters',
  conversation: 'Two hosts talk it through at your length',
};

export const takesMinutes = (mode: PodcastMode | null) => mode === 'podcast' || mode === 'conversation';

const validMinutes = (minutes: number) =>
  Number.isInteger(minutes) && minutes >= PODCAST_MINUTES.min && minutes <= PODCAST_MINUTES.max;

/** What Create sends: the mode chosen (none: the server's default) and its minutes where it takes them. */
export function createOptions(mode: PodcastMode | null, minutes: number): CreateOptions | null {
  if (!mode) return {};
  if (!takesMinutes(mode)) return { mode };
  return validMinutes(minutes) ? { mode, minutes } : null;
}

const NO_AI_NOTE = 'Podcast, Brief and Conversation need an AI model, which this server does not have: every episode reads the article as written.';

export function CreateCard({
  tab,
  user,
  capabilities = null,
}: {
  tab: ActiveTab | null;
  user?: User | null;
  /** What the server can make (null until it answers). */
  capabilities?: Capabilities | null;
}) {
  const [busy, setBusy] = useState<Source | null>(null);
  /** A failure that made no podcast card (the card shows its own), and the tab it belongs to. */
  const [error, setError] = useState<{ tabId: number | undefined; error: ExtensionError } | null>(null);
  const selection = useSelection(tab);
  // Only a known address can be judged up front; without one the browser's refusal tells us later.
  const knownUnreadable = tab?.url !== undefined && !isReadableUrl(tab.url);
  const [mode, setMode] = useState<PodcastMode | null>(null);
  const [minutesText, setMinutesText] = useState(String(PODCAST_MINUTES.default));
  const [chosen, setChosen] = useState(false);
  const noAi = capabilities?.aiWriter === false;
  // The member's preferences arrive with the session, the server's default with its answer: they set
  // the choice until the reader makes one (Read where the server has no AI model).
  useEffect(() => {
    if (chosen) return;
    const starting = user?.defaultMode ?? capabilities?.defaultMode ?? null;
    setMode(noAi && starting !== null && starting !== 'read' ? 'read' : starting);
    if (user?.defaultMinutes != null && validMinutes(user.defaultMinutes)) setMinutesText(String(user.defaultMinutes));
  }, [user?.defaultMode, user?.defaultMinutes, capabilities?.defaultMode, noAi, chosen]);
  const minutes = Number(minutesText);
  const options = createOptions(mode, minutes);
  // The page refused as it is (an error page, a JSON file): said at once, and Create is off.
  const [refused, setRefused] = useState<ExtensionError | null>(null);
  const estimate = useEstimate(knownUnreadable ? null : tab, options, setRefused);
  const shownError = error && error.tabId === tab?.id ? error.error : null;

  async function create(source: Source) {
    setBusy(source);
    setError(null);
    // Asked again at the click: the reader may have switched tabs since the popup opened.
    const target = (await queryActiveTab()) ?? tab;
    const asked = options ?? {};
    const result = !target
      ? null
      : source === 'page'
        ? await settle(sendMessage('createPodcastFromTab', { tabId: target.id, ...asked }))
        : await settle(sendMessage('createPodcastFromSelection', { tabId: target.id, ...asked }));
    setBusy(null);
    if (!result) return setError({ tabId: tab?.id, error: { code: 'NO_TAB', message: 'There is no page to read in this window' } });
    if (result.ok) return;
    // A failure of an attempt the background recorded shows in that attempt's card, which Dismiss closes.
    const recorded = await creationItem.getValue();
    if (recorded?.phase === 'failed' && recorded.tabId === target?.id && recorded.error?.message === result.error.message) return;
    setError({ tabId: target?.id, error: result.error });
  }

  return (
    <section className="card create-card" aria-labelledby="this-page-label">
      <div className="page-info">
        <span className="page-icon" aria-hidden>
          <FileText size={18} />
        </span>
        <div className="page-text">
          <p id="this-page-label" className="eyebrow">
            {estimate?.pages ? `This PDF · ${estimate.pages.toLocaleString('en')} ${estimate.pages === 1 ? 'page' : 'pages'}` : 'This page'}
          </p>
          <p className="page-title" title={tab?.title}>
            {tab ? tab.title || 'Untitled page' : '\u00a0'}
          </p>
          {tab?.url ? <p className="page-host">{hostOf(tab.url)}</p> : null}
        </div>
      </div>
      {knownUnreadable ? (
        <ErrorNote error={{ code: 'UNREADABLE_PAGE', message: UNREADABLE_PAGE_MESSAGE, hint: UNREADABLE_PAGE_HINT }} />
      ) : refused ? (
        <ErrorNote error={refused} />
      ) : null}
      <fieldset className="mode-choice">
        <legend className="eyebrow">Mode</legend>
        <div className="mode-options">
          {PODCAST_MODES.map((option) => (
            <label
              key={option}
              className={`mode-option${mode === option ? ' is-chosen' : ''}`}
              title={noAi && option !== 'read' ? `${MODE_HINTS[option]} (needs an AI model)` : MODE_HINTS[option]}
            >
              <input
                type="radio"
                name="mode"
                value={option}
                disabled={noAi && option !== 'read'}
                aria-describedby={noAi && option !== 'read' ? 'no-ai-note' : undefined}
                checked={mode === option}
                onChange={() => {
                  setChosen(true);
                  setMode(option);
                }}
              />
              {MODE_LABELS[option]}
            </label>
          ))}
        </div>
        {noAi ? (
          <p id="no-ai-note" className="muted no-ai-note">
            {NO_AI_NOTE}
          </p>
        ) : null}
        {takesMinutes(mode) ? (
          <label className="minutes-field">
            Minutes
            <input
              type="number"
              inputMode="numeric"
              min={PODCAST_MINUTES.min}
              max={PODCAST_MINUTES.max}
              step={1}
              value={minutesText}
              aria-invalid={options === null || undefined}
              onChange={(e) => {
                setChosen(true);
                setMinutesText(e.target.value);
              }}
            />
          </label>
        ) : null}
        <p className="muted estimate" aria-live="polite">
          {options === null
            ? `Choose from ${PODCAST_MINUTES.min} to ${PODCAST_MINUTES.max} minutes.`
            : estimate
              ? `Estimated length: ${formatLength(estimate.seconds)} (${estimate.words.toLocaleString('en')} words)`
              : mode
                ? MODE_HINTS[mode]
                : '\u00a0'}
        </p>
        {estimate?.listing ? <p className="muted listing-note">{listingNote(estimate.listing, 'open it and make its podcast there')}</p> : null}
      </fieldset>
      <Button
        className="btn-block"
        icon={<Sparkles size={16} aria-hidden />}
        loading={busy === 'page'}
        disabled={!tab || busy !== null || knownUnreadable || refused !== null || options === null}
        onClick={() => void create('page')}
      >
        Create podcast from this page
      </Button>
      {selection ? (
        <div className="selection-row">
          <Button
            variant="secondary"
            className="btn-block"
            icon={<TextSelect size={16} aria-hidden />}
            loading={busy === 'selection'}
            disabled={busy !== null || options === null}
            onClick={() => void create('selection')}
          >
            Create podcast from selection
          </Button>
          <p className="muted selection-count">
            {countWords(selection)} {countWords(selection) === 1 ? 'word' : 'words'} selected
          </p>
        </div>
      ) : null}
      {shownError ? <ErrorNote error={shownError} /> : null}
      <Tray tab={tab} options={options} unreadable={knownUnreadable} />
    </section>
  );
}

/** The text selected in the tab, or '' (also when the tab cannot be read). */
function useSelection(tab: ActiveTab | null): string {
  const [selection, setSelection] = useState('');
  const tabId = tab?.id;
  const url = tab?.url;
  useEffect(() => {
    setSelection('');
    if (tabId === undefined || (url !== undefined && !isReadableUrl(url))) return;
    let active = true;
    void settle(sendMessage('readTabSelection', { tabId })).then((result) => {
      if (active && result.ok) setSelection(result.value.trim());
    });
    return () => {
      active = false;
    };
  }, [tabId, url]);
  return selection;
}

/** How long the page's episode would be in the mode chosen, once the tab's article is read. */
function useEstimate(tab: ActiveTab | null, options: CreateOptions | null, onRefused: (error: ExtensionError | null) => void): PageEstimate | null {
  const key = tab && options ? JSON.stringify({ tabId: tab.id, url: tab.url, options }) : null;
  return useEstimateOf(key, () => sendMessage('estimatePage', { tabId: tab!.id, ...options }), onRefused);
}
