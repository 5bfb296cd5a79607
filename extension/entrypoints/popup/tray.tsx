/**
 * The tray, under the page's Create: "Add this page" reads the tab into the tray, which lists the
 * pages gathered from any tabs (each with a remove button) and stays when the popup closes; "Make one
 * episode" makes one podcast of them, a chapter each, in the mode chosen above, whose length it
 * estimates first. Its progress then shows in CreationStatus, as for one page.
 */
import { useRef, useState } from 'react';
import { Check, Layers, ListPlus, X } from 'lucide-react';
import { SOURCES_PER_EPISODE } from '../../../shared/api/podcasts.ts';
import type { CreateOptions, TrayEstimate } from '../../messaging.ts';
import type { ExtensionError } from '../../result.ts';
import { creationItem, trayItem, type TrayPage } from '../../storage.ts';
import { formatLength, hostOf } from './format.ts';
import { queryActiveTab, sendMessage, settle, useEstimateOf, useStoredValue, type ActiveTab } from './hooks.ts';
import { Button, ErrorNote, IconButton } from './ui.tsx';

const words = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'word' : 'words'}`;

/** What a row says under the page's title: where it is from, and its words (a PDF's are counted by the server). */
function pageMeta(page: TrayPage): string {
  const host = hostOf(page.url);
  const size = page.words === null ? 'PDF' : words(page.words);
  return host ? `${host} · ${size}` : size;
}

/** How long the tray's episode would be in the mode chosen, asked again when its pages or the mode change. */
function useTrayEstimate(pages: readonly TrayPage[], options: CreateOptions | null): TrayEstimate | null {
  const pagesKey = pages.map((page) => page.id).join(' ');
  const key = options && pagesKey ? JSON.stringify({ pagesKey, options }) : null;
  return useEstimateOf(key, () => sendMessage('estimateTray', options ?? {}));
}

function estimateLine({ words: count, seconds }: TrayEstimate): string {
  return seconds === null ? `${words(count)} in all` : `Estimated length: ${formatLength(seconds)} (${words(count)})`;
}

export function Tray({
  tab,
  options,
  unreadable,
}: {
  tab: ActiveTab | null;
  /** The mode and minutes chosen above; null while the minutes are out of range. */
  options: CreateOptions | null;
  /** The tab is known not to be readable: it cannot be added. */
  unreadable: boolean;
}) {
  const { value: pages } = useStoredValue(trayItem);
  const [busy, setBusy] = useState<'add' | 'make' | null>(null);
  const [error, setError] = useState<ExtensionError | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const inTray = tab?.url !== undefined && pages.some((page) => page.url === tab.url);
  const full = pages.length >= SOURCES_PER_EPISODE.max;
  const estimate = useTrayEstimate(pages, options);

  async function add() {
    setBusy('add');
    setError(null);
    // Asked again at the click: the reader may have switched tabs since the popup opened.
    const target = (await queryActiveTab()) ?? tab;
    const result = target ? await settle(sendMessage('addTabToTray', { tabId: target.id })) : null;
    setBusy(null);
    if (!result) setError({ code: 'NO_TAB', message: 'There is no page to read in this window' });
    else if (!result.ok) setError(result.error);
  }

  async function make() {
    setBusy('make');
    setError(null);
    const result = await settle(sendMessage('createPodcastFromTray', options ?? {}));
    setBusy(null);
    if (result.ok) return;
    // A failure of an attempt the background recorded shows in that attempt's card.
    const recorded = await creationItem.getValue();
    if (recorded?.source === 'tray' && recorded.phase === 'failed' && recorded.error?.message === result.error.message) return;
    setError(result.error);
  }

  async function remove(page: TrayPage) {
    setError(null);
    const index = pages.findIndex((p) => p.id === page.id);
    const result = await settle(sendMessage('removeFromTray', { id: page.id }));
    if (!result.ok) return setError(result.error);
    // The focus stays in the tray: the row that takes this one's place, the one before, else Add this page.
    const next = result.value[Math.min(index, result.value.length - 1)];
    (next ? removeButtons.current.get(next.id) : addButton.current)?.focus();
  }

  return (
    <>
      <Button
        ref={addButton}
        variant="secondary"
        className="btn-block"
        icon={inTray ? <Check size={16} aria-hidden /> : <ListPlus size={16} aria-hidden />}
        title="Gather pages from several tabs to make one episode of them"
        loading={busy === 'add'}
        disabled={!tab || unreadable || inTray || full || busy !== null}
        onClick={() => void add()}
      >
        {inTray ? 'In the tray' : 'Add this page'}
      </Button>
      {error ? <ErrorNote error={error} /> : null}
      {pages.length > 0 ? (
        <section className="tray" aria-labelledby="tray-title">
          <div className="tray-head">
            <h2 id="tray-title" className="eyebrow">
              Tray
            </h2>
            <span className="muted tray-count">
              {pages.length} of {SOURCES_PER_EPISODE.max} pages
            </span>
          </div>
          <ol className="tray-list">
            {pages.map((page, index) => (
              <li key={page.id} className="tray-row">
                <span className="tray-index" aria-hidden>
                  {index + 1}
                </span>
                <div className="row-body">
                  <p className="row-title" title={page.title}>
                    {page.title || 'Untitled page'}
                  </p>
                  <p className="row-meta">{pageMeta(page)}</p>
                </div>
                <IconButton
                  ref={(el: HTMLButtonElement | null) => {
                    if (el) removeButtons.current.set(page.id, el);
                    else removeButtons.current.delete(page.id);
                  }}
                  label={`Remove ${page.title || 'this page'} from the tray`}
                  onClick={() => void remove(page)}
                >
                  <X size={16} />
                </IconButton>
              </li>
            ))}
          </ol>
          <p className="muted tray-estimate" aria-live="polite">
            {estimate ? estimateLine(estimate) : '\u00a0'}
          </p>
          <Button
            className="btn-block"
            icon={<Layers size={16} aria-hidden />}
            loading={busy === 'make'}
            disabled={pages.length < SOURCES_PER_EPISODE.min || options === null || busy !== null}
            onClick={() => void make()}
          >
            Make one episode
          </Button>
          <p className="muted tray-hint">
            {pages.length < SOURCES_PER_EPISODE.min
              ? 'Add another page, from any tab, to make one episode of them.'
              : 'One episode, a chapter per page in this order, in the mode chosen above.'}
          </p>
        </section>
      ) : null}
    </>
  );
}
