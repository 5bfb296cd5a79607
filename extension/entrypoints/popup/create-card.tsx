/**
 * 'Create podcast from this page' for the tab the popup was opened on, and from the selection when
 * the reader has selected text there. Progress then shows in CreationStatus.
 */
import { useEffect, useState } from 'react';
import { FileText, Sparkles, TextSelect } from 'lucide-react';
import { sendMessage } from '../../messaging.ts';
import { UNREADABLE_PAGE_HINT, UNREADABLE_PAGE_MESSAGE, isReadableUrl } from '../../page-access.ts';
import type { ExtensionError } from '../../result.ts';
import type { Creation } from '../../storage.ts';
import { countWords, hostOf } from './format.ts';
import { queryActiveTab, settle, type ActiveTab } from './hooks.ts';
import { Button, ErrorNote } from './ui.tsx';

type Source = Creation['source'];

export function CreateCard({ tab, creation }: { tab: ActiveTab | null; creation: Creation | null }) {
  const [busy, setBusy] = useState<Source | null>(null);
  const [error, setError] = useState<ExtensionError | null>(null);
  const selection = useSelection(tab);
  // Only a known address can be judged up front; without one the browser's refusal tells us later.
  const knownUnreadable = tab?.url !== undefined && !isReadableUrl(tab.url);
  // The creation's own error shows in its card; this one is for failures that never made one.
  const shownError = error && !(creation?.phase === 'failed' && creation.error?.message === error.message) ? error : null;

  async function create(source: Source) {
    setBusy(source);
    setError(null);
    // Asked again at the click: the reader may have switched tabs since the popup opened.
    const target = (await queryActiveTab()) ?? tab;
    const result = !target
      ? null
      : source === 'page'
        ? await settle(sendMessage('createPodcastFromTab', { tabId: target.id }))
        : await settle(sendMessage('createPodcastFromSelection', { tabId: target.id }));
    setBusy(null);
    if (!result) setError({ code: 'NO_TAB', message: 'There is no page to read in this window' });
    else if (!result.ok) setError(result.error);
  }

  return (
    <section className="card create-card" aria-labelledby="this-page-label">
      <div className="page-info">
        <span className="page-icon" aria-hidden>
          <FileText size={18} />
        </span>
        <div className="page-text">
          <p id="this-page-label" className="eyebrow">
            This page
          </p>
          <p className="page-title" title={tab?.title}>
            {tab ? tab.title || 'Untitled page' : '\u00a0'}
          </p>
          {tab?.url ? <p className="page-host">{hostOf(tab.url)}</p> : null}
        </div>
      </div>
      {knownUnreadable ? (
        <ErrorNote error={{ code: 'UNREADABLE_PAGE', message: UNREADABLE_PAGE_MESSAGE, hint: UNREADABLE_PAGE_HINT }} />
      ) : null}
      <Button
        className="btn-block"
        icon={<Sparkles size={16} aria-hidden />}
        loading={busy === 'page'}
        disabled={!tab || busy !== null || knownUnreadable}
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
            disabled={busy !== null}
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
