/**
 * The popup. Its first frame shows what the last visit stored (the account, the latest podcasts) and
 * the tab it acts on; only once that frame is painted does it ask the server, through the background,
 * who is signed in and for the latest podcasts.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChevronLeft, ExternalLink, Settings } from 'lucide-react';
import { toast, Toasts } from '../../../shared/ui/toast.tsx';
import { displayName } from '../../../shared/display-name.ts';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../../../shared/constants.ts';
import { AUTH_MESSAGES, CONTENT_MESSAGES } from '../../../shared/errors.ts';
import type { ExtensionError } from '../../result.ts';
import type { Capabilities } from '../../../shared/api/capabilities.ts';
import { resolveServerPath } from '../../server-address.ts';
import { creationItem, playbackItem, recentPodcastsItem, serverUrlItem, sessionItem } from '../../storage.ts';
import { AccountPanel } from './account-panel.tsx';
import { CreateCard } from './create-card.tsx';
import { CreationStatus } from './creation-status.tsx';
import { sendMessage, settle, useActiveTab, useStoredValue, watchFirstPaint } from './hooks.ts';
import { NowPlaying } from './now-playing.tsx';
import { RecentPodcasts } from './recent-podcasts.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { ServerAddressForm } from './server-address-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { Button, ErrorNote, IconButton, LogoMark } from './ui.tsx';

type View = 'home' | 'account' | 'settings';

export function App() {
  const session = useStoredValue(sessionItem);
  const serverUrl = useStoredValue(serverUrlItem);
  const { value: creation, loaded: creationLoaded } = useStoredValue(creationItem);
  const { value: playback, loaded: playbackLoaded } = useStoredValue(playbackItem);
  const { value: podcasts } = useStoredValue(recentPodcastsItem);
  const tab = useActiveTab();
  const [view, setView] = useState<View>('home');
  const [serverProblem, setServerProblem] = useState<ExtensionError | null>(null);
  const [sessionNotice, setSessionNotice] = useState<string | null>(null);
  const [listLoading, setListLoading] = useState(true);
  const [refreshes, setRefreshes] = useState(0);
  const [inlineAudio, setInlineAudio] = useState<{ src: string; title: string } | null>(null);
  const [capabilities, setCapabilities] = useState<Capabilities | null>(null);
  const user = session.value?.user ?? null;
  const server = serverUrl.value;
  /** Nothing answers at the server's address: the popup says that alone. */
  const unreachable = serverProblem?.code === 'NETWORK_ERROR';

  // The first frame is committed: messages to the background go once it is painted.
  useLayoutEffect(watchFirstPaint, []);

  // On open, and again after a sign-in or a new server address: check the session, fetch the list.
  useEffect(() => {
    if (!serverUrl.loaded) return;
    let active = true;
    setListLoading(true);
    void (async () => {
      const me = await settle(sendMessage('refreshSession'));
      if (!active) return;
      if (!me.ok && me.error.message === AUTH_MESSAGES.sessionExpired) setSessionNotice(me.error.message);
      const list = await settle(sendMessage('listPodcasts'));
      if (!active) return;
      setServerProblem(list.ok ? null : list.error);
      setListLoading(false);
      if (!list.ok) return;
      const can = await settle(sendMessage('serverCapabilities'));
      if (active && can.ok) setCapabilities(can.value);
    })();
    return () => {
      active = false;
    };
  }, [serverUrl.loaded, server, refreshes]);

  // A podcast asked for here, and the player it starts, come into view (the mode choice fills the first screen).
  const freshRef = useRef<HTMLDivElement>(null);
  const shown = useRef<{ attemptId?: string; podcastId?: string; loaded?: boolean }>({});
  useEffect(() => {
    const before = shown.current;
    shown.current = { attemptId: creation?.attemptId, podcastId: playback?.podcastId, loaded: creationLoaded && playbackLoaded };
    // What storage held when the popup opened is where the reader left it, not news.
    if (!before.loaded) return;
    const newAttempt = creation !== null && creation.attemptId !== before.attemptId;
    const newPlayer = playback !== null && playback.podcastId !== before.podcastId;
    if (newAttempt || newPlayer) freshRef.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [creation?.attemptId, playback?.podcastId, creationLoaded, playbackLoaded]);

  // The popup is open: the badge's check mark or warning has been seen.
  useEffect(() => {
    if (creation && (creation.phase === 'ready' || creation.phase === 'failed') && !creation.seen) {
      void settle(sendMessage('acknowledgeCreation'));
    }
  }, [creation]);

  async function play(podcastId: string) {
    setInlineAudio(null);
    const result = await settle(sendMessage('playPodcast', { podcastId }));
    if (result.ok) return;
    if (result.error.code === 'PLAYBACK_UNAVAILABLE') {
      const podcast = podcasts.find((p) => p.id === podcastId);
      if (podcast?.audioUrl) return setInlineAudio({ src: resolveServerPath(server, podcast.audioUrl), title: podcast.title });
    }
    toast.error(result.error.message);
  }

  const goHome = () => setView('home');
  const webAppUrl = `${server}${user ? '/profile' : '/'}`;

  return (
    <div className="popup">
      <header className="popup-header">
        <div className="brand">
          {view === 'home' ? null : (
            <IconButton label="Back" className="back-btn" onClick={goHome}>
              <ChevronLeft size={18} />
            </IconButton>
          )}
          <LogoMark />
          <h1>Pagecast</h1>
        </div>
        <div className="header-actions">
          {view === 'account' ? null : user ? (
            <button type="button" className="avatar" aria-label={`Account: ${displayName(user)}`} title={displayName(user)} onClick={() => setView('account')}>
              {displayName(user).charAt(0).toUpperCase()}
            </button>
          ) : (
            <Button variant="secondary" className="btn-sm" onClick={() => setView('account')} disabled={!session.loaded}>
              Sign In
            </Button>
          )}
          {view === 'settings' ? null : (
            <IconButton label="Settings" onClick={() => setView('settings')}>
              <Settings size={18} />
            </IconButton>
          )}
        </div>
      </header>

      <main className="popup-main">
        {view === 'account' ? (
          user ? (
            <AccountPanel user={user} serverUrl={server} onSignedOut={goHome} />
          ) : (
            <SignInForm
              notice={sessionNotice}
              onSignedIn={() => {
                setSessionNotice(null);
                setRefreshes((n) => n + 1);
                goHome();
              }}
            />
          )
        ) : view === 'settings' ? (
          <SettingsPanel serverUrl={server} onSaved={goHome} />
        ) : (
          <>
            {unreachable ? (
              // Nothing answers at the address (a first run before setup, a stopped server): one
              // message, with the address to change and a way to try again.
              <section className="card first-run" aria-labelledby="first-run-title">
                <h2 id="first-run-title" className="view-heading">
                  No Pagecast server at {new URL(server).host}
                </h2>
                <p className="muted">Start the server there, or enter the address of yours.</p>
                <ServerAddressForm serverUrl={server} saveLabel="Save and connect" onSaved={() => setRefreshes((n) => n + 1)} />
                <button type="button" className="link-btn" onClick={() => setRefreshes((n) => n + 1)}>
                  Try again
                </button>
              </section>
            ) : serverProblem ? (
              <div className="banner-error">
                <ErrorNote error={serverProblem} />
                <button type="button" className="link-btn" onClick={() => setRefreshes((n) => n + 1)}>
                  Try again
                </button>
              </div>
            ) : null}
            {session.loaded && !user && !unreachable ? (
              <div className="hint">
                <p>{sessionNotice ?? CONTENT_MESSAGES.signInToSave}</p>
                <button type="button" className="link-btn" onClick={() => setView('account')}>
                  Sign In
                </button>
              </div>
            ) : null}
            {unreachable ? null : <CreateCard tab={tab} user={user} capabilities={capabilities} />}
            <div ref={freshRef} className="fresh">
              {creation && !unreachable && !(creation.phase === 'failed' && creation.tabId !== undefined && creation.tabId !== tab?.id) ? (
                <CreationStatus
                  creation={creation}
                  playing={playback?.podcastId === creation.podcastId}
                  onPlay={(id) => void play(id)}
                  onDismiss={() => void settle(sendMessage('dismissCreation'))}
                />
              ) : null}
              {playback ? <NowPlaying playback={playback} /> : null}
            </div>
            {inlineAudio ? (
              <section className="card player" aria-label="Now playing">
                <p className="player-title">{inlineAudio.title}</p>
                <audio className="inline-audio" controls autoPlay src={inlineAudio.src} />
                <p className="muted">This browser stops the audio when this window closes.</p>
              </section>
            ) : null}
            {unreachable ? null : <RecentPodcasts
              podcasts={podcasts}
              loading={listLoading}
              playback={playback}
              profileUrl={`${server}/profile`}
              onPlay={(id) => void play(id)}
              onPause={() => void settle(sendMessage('controlPlayback', { action: 'pause' }))}
            />}
          </>
        )}
      </main>

      <footer className="popup-footer">
        <a href={webAppUrl} target="_blank" rel="noreferrer" className="footer-link">
          Open Pagecast
          <ExternalLink size={14} aria-hidden />
        </a>
        <span className="server-host" title={server}>
          {new URL(server).host}
        </span>
      </footer>
      <Toasts position={TOAST_POSITION} duration={TOAST_DURATION_MS} richColors />
    </div>
  );
}
