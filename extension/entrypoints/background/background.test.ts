/**
 * The background's message handling, on WXT's fake browser: the real background wired as in the
 * extension, messages sent through the real protocol, a stand-in Pagecast server behind fetch, and
 * tabs whose pages are real documents read by the real page reader.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { onMessage, removeAllListeners, sendMessage, type AudioCommand, type AudioStart } from '../../messaging.ts';
import { readArticle } from '../../read-article.ts';
import {
  anonymousTokenItem,
  creationItem,
  playbackItem,
  queueItem,
  recentPodcastsItem,
  serverUrlItem,
  sessionItem,
  trayItem,
} from '../../storage.ts';
import { createFakeServer, type FakeServer } from '../../testing/fake-pagecast-server.ts';
import background from './index.ts';
import { followsEnded, resumeTracking } from './progress.ts';
import { forgetTranscript } from './transcript.ts';
import { TRAY_MESSAGES } from './tray.ts';
import { PDF_MESSAGES } from '../../../shared/errors.ts';
import { DOM_SAFETY_NET_MS } from '../../../shared/testing/safety-net.ts';

/** Waits for the state a step leaves: up to 15 s, as a machine under load may need (vitest waits 1 s). */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: DOM_SAFETY_NET_MS, interval: 20 });

const EMAIL = 'reader@example.com';
const PASSWORD = 'listening';

const ARTICLE_PARAGRAPHS = [
  'The harbour wakes before the town does, when the first boats slide out past the breakwater into a grey and patient sea.',
  'Fishermen here still mend their nets by hand, and the old men on the quay can tell the weather from the colour of the gulls.',
  'By noon the catch is sold, the boats are washed, and the harbour settles back into the long quiet of the afternoon tide.',
];
const ARTICLE_HTML = `<head><title>Morning in the Harbour</title></head><body><nav><a href="/">Home</a></nav>
<article><h1>Morning in the Harbour</h1>${ARTICLE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article></body>`;

interface FakeTab {
  id: number;
  url: string;
  title: string;
  html: string;
  /** The browser refuses to script this tab with this message. */
  refusal?: string;
  /** Text selected on the page. */
  selection?: string;
}

/** A minimal extension event with a way to fire it, for the APIs the fake browser leaves out. */
function fakeEvent<Args extends unknown[]>() {
  const listeners: ((...args: Args) => unknown)[] = [];
  return {
    addListener: (listener: (...args: Args) => unknown) => void listeners.push(listener),
    removeListener: (listener: (...args: Args) => unknown) => void listeners.splice(listeners.indexOf(listener), 1),
    hasListener: (listener: (...args: Args) => unknown) => listeners.includes(listener),
    trigger: (...args: Args) => Promise.all(listeners.map((listener) => listener(...args))),
  };
}

/** The offscreen document and its player, as the background sees them. */
interface OffscreenPlayer {
  /** Offscreen documents open now. */
  documents: number;
  createDocument: ReturnType<typeof vi.fn>;
  /** Every start the player was told of, and every other command. */
  started: AudioStart[];
  commands: AudioCommand[];
  /** What the player does when told to start (a test may make it report). */
  onStart: (start: AudioStart) => void;
}

let server: FakeServer;
let offscreen: OffscreenPlayer;
let tabs: Map<number, FakeTab>;
let menuClicks: ReturnType<typeof fakeEvent<[{ menuItemId: string; selectionText?: string }, { id?: number }?]>>;
let commands: ReturnType<typeof fakeEvent<[string, { id?: number }?]>>;
let executeScript: ReturnType<typeof vi.fn>;

function addTab(tab: Omit<FakeTab, 'id'>): number {
  const id = tabs.size + 10;
  tabs.set(id, { id, ...tab });
  return id;
}

const articleTab = () => addTab({ url: 'https://news.example.com/harbour', title: 'Morning in the Harbour', html: ARTICLE_HTML });

/** Runs what the background injects, as the browser would in the tab's page. */
async function runInTab(injection: { target: { tabId: number }; files?: string[]; func?: () => unknown }) {
  const tab = tabs.get(injection.target.tabId);
  if (!tab) throw new Error(`No tab with id: ${injection.target.tabId}.`);
  if (tab.refusal) throw new Error(tab.refusal);
  document.documentElement.innerHTML = tab.html;
  // The read-along script answers the paragraphs it found on the page.
  if (injection.files?.[0] === '/read-along.js') return [{ frameId: 0, documentId: 'd', result: 3 }];
  if (injection.files) {
    expect(injection.files).toEqual(['/read-page.js']);
    const page = document.implementation.createHTMLDocument('');
    page.documentElement.innerHTML = tab.html;
    Object.defineProperty(page, 'URL', { value: tab.url });
    return [{ frameId: 0, documentId: 'd', result: readArticle(page) }];
  }
  if (tab.selection) {
    const holder = [...document.querySelectorAll('p')].find((p) => p.textContent?.includes(tab.selection!));
    const range = document.createRange();
    range.selectNodeContents(holder!);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  } else {
    window.getSelection()?.removeAllRanges();
  }
  return [{ frameId: 0, documentId: 'd', result: injection.func!() }];
}

async function signedIn() {
  server.addAccount(EMAIL, PASSWORD);
  const result = await sendMessage('signIn', { mode: 'login', email: EMAIL, password: PASSWORD });
  expect(result.ok).toBe(true);
}

async function finishedCreation() {
  await waitFor(async () => {
    const creation = await creationItem.getValue();
    expect(creation?.phase === 'ready' || creation?.phase === 'failed').toBe(true);
  });
  return (await creationItem.getValue())!;
}

const postedPodcasts = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/podcasts');

beforeEach(() => {
  fakeBrowser.reset();
  server = createFakeServer();
  vi.spyOn(globalThis, 'fetch').mockImplementation(server.fetch);
  tabs = new Map();
  menuClicks = fakeEvent();
  commands = fakeEvent();
  executeScript = vi.fn(runInTab);
  Object.assign(fakeBrowser.scripting, { executeScript });
  Object.assign(fakeBrowser.contextMenus, { onClicked: menuClicks, create: vi.fn(), removeAll: vi.fn(async () => {}) });
  Object.assign(fakeBrowser.commands, { onCommand: commands });
  Object.assign(fakeBrowser.permissions, { contains: vi.fn(async () => false) });
  offscreen = { documents: 0, createDocument: vi.fn(async () => void offscreen.documents++), started: [], commands: [], onStart: () => {} };
  Object.assign(fakeBrowser, { offscreen: { createDocument: offscreen.createDocument, closeDocument: vi.fn(async () => void offscreen.documents--) } });
  Object.assign(fakeBrowser.runtime, {
    getPlatformInfo: vi.fn(async () => ({})),
    getContexts: vi.fn(async () => Array.from({ length: offscreen.documents }, () => ({}))),
  });
  // The offscreen player's side of the protocol.
  onMessage('startAudio', ({ data }) => {
    offscreen.started.push(data);
    offscreen.onStart(data);
    return { ok: true, value: null };
  });
  onMessage('controlAudio', ({ data }) => {
    offscreen.commands.push(data);
    return { ok: true, value: null };
  });
  vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((async (id: number) => {
    const tab = tabs.get(id);
    if (!tab) throw new Error(`No tab with id: ${id}.`);
    return { id, url: tab.url, title: tab.title, index: 0, active: true, pinned: false, highlighted: true, incognito: false, windowId: 1 };
  }) as never);
  background.main();
});

afterEach(async () => {
  // The podcasts the test made are followed to their end (and the list refreshed) against this
  // server: the next test's server numbers its podcasts from p1 again.
  await followsEnded();
  // The stand-in answered only as the real server would (the shared contract), and only routes it models.
  expect(server.offContract).toEqual([]);
  removeAllListeners();
  vi.restoreAllMocks();
});

describe('signing in', () => {
  it('keeps the session and sends its token, with the browser token, on later calls', async () => {
    server.addAccount(EMAIL, PASSWORD, { name: 'Rae' });
    const result = await sendMessage('signIn', { mode: 'login', email: ` ${EMAIL} `, password: PASSWORD });
    expect(result).toEqual({ ok: true, value: { email: EMAIL, name: 'Rae', isPremium: false } });
    const session = await sessionItem.getValue();
    expect(session?.user.email).toBe(EMAIL);

    expect(await sendMessage('listPodcasts')).toEqual({ ok: true, value: [] });
    const list = server.requests.findLast((r) => r.path === '/api/podcasts')!;
    expect(list.headers.get('Authorization')).toBe(`Bearer ${session!.token}`);
    expect(list.headers.get('X-Pagecast-Anonymous')).toBe(await anonymousTokenItem.getValue());
    expect(list.headers.get('X-Pagecast-Anonymous')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates an account', async () => {
    const result = await sendMessage('signIn', { mode: 'register', email: EMAIL, password: 'secret1' });
    expect(result.ok).toBe(true);
    expect((await sessionItem.getValue())?.user.email).toBe(EMAIL);
  });

  it.each([
    ['login', '', PASSWORD, 'Please fill in all fields'],
    ['login', EMAIL, '', 'Please fill in all fields'],
    ['register', EMAIL, 'short', 'Password must be at least 6 characters'],
  ] as const)('refuses %s with %j / %j before asking the server: %s', async (mode, email, password, message) => {
    const result = await sendMessage('signIn', { mode, email, password });
    expect(result).toEqual({ ok: false, error: { code: 'VALIDATION_ERROR', message } });
    expect(server.requests).toHaveLength(0);
  });

  it("shows the server's message for wrong credentials and keeps no session", async () => {
    server.addAccount(EMAIL, PASSWORD);
    const result = await sendMessage('signIn', { mode: 'login', email: EMAIL, password: 'wrong-password' });
    expect(result).toEqual({ ok: false, error: { code: 'LOGIN_FAILED', message: 'Invalid email or password' } });
    expect(await sessionItem.getValue()).toBeNull();
  });

  it.each([
    ['login', 'Authentication failed (503)'],
    ['register', 'Registration failed (503)'],
  ] as const)('a %s answer without a message reads %j', async (mode, message) => {
    vi.mocked(fetch).mockImplementation(async () => new Response('<html>Service Unavailable</html>', { status: 503 }));
    const result = await sendMessage('signIn', { mode, email: EMAIL, password: PASSWORD });
    expect(result.ok || result.error.message).toBe(message);
  });

  it('rejects a success without a token as an invalid server response', async () => {
    vi.mocked(fetch).mockImplementation(async () => Response.json({ success: true, user: { email: EMAIL, isPremium: false } }));
    const result = await sendMessage('signIn', { mode: 'login', email: EMAIL, password: PASSWORD });
    expect(result).toEqual({ ok: false, error: { code: 'INVALID_RESPONSE', message: 'Invalid server response' } });
    expect(await sessionItem.getValue()).toBeNull();
  });

  it('says the server cannot be reached, and where it was looked for', async () => {
    server.setDown(true);
    const result = await sendMessage('signIn', { mode: 'login', email: EMAIL, password: PASSWORD });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe('Network error - please check your connection');
    expect(result.error.hint).toContain('http://localhost:8787');
  });
});

describe('the session', () => {
  it('is dropped when the server no longer accepts it, with the expiry message', async () => {
    await signedIn();
    server.revokeSessions();
    const result = await sendMessage('refreshSession');
    expect(result.ok || result.error.message).toBe('Your session has expired. Please sign in again.');
    expect(await sessionItem.getValue()).toBeNull();
  });

  it('survives the server being unreachable (offline is not signed out)', async () => {
    await signedIn();
    server.setDown(true);
    expect((await sendMessage('refreshSession')).ok).toBe(false);
    expect((await sessionItem.getValue())?.user.email).toBe(EMAIL);
  });

  it('signs out here even when the server cannot be told', async () => {
    await signedIn();
    server.setDown(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await sendMessage('signOut')).toEqual({ ok: true, value: { serverConfirmed: false } });
    expect(await sessionItem.getValue()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('making a podcast of the page', () => {
  it("sends the page's article and follows it to 100, with the badge", async () => {
    await signedIn();
    const tabId = articleTab();
    const badges: string[] = [];
    const setBadgeText = fakeBrowser.action.setBadgeText.bind(fakeBrowser.action);
    vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation((async (details: { text: string }) => {
      if (badges.at(-1) !== details.text) badges.push(details.text);
      return setBadgeText(details as never);
    }) as never);

    const result = await sendMessage('createPodcastFromTab', { tabId });
    expect(result.ok).toBe(true);

    const [sent] = postedPodcasts();
    const body = sent!.body as { title: string; text: string; sourceUrl: string };
    expect(body.sourceUrl).toBe('https://news.example.com/harbour');
    expect(body.title).toBe('Morning in the Harbour');
    // A line per paragraph: words never run together where blocks meet.
    for (const paragraph of ARTICLE_PARAGRAPHS) expect(body.text.split('\n')).toContain(paragraph);
    expect(body.text).not.toContain('Home');

    const creation = await finishedCreation();
    expect(creation).toMatchObject({ phase: 'ready', status: 'ready', progress: 100, source: 'page' });
    expect(creation.audioUrl).toMatch(/^\/api\/podcasts\/p1\/audio/);
    await waitFor(async () => expect((await recentPodcastsItem.getValue())[0]).toMatchObject({ id: 'p1', status: 'ready' }));
    await waitFor(() => expect(badges.at(-1)).toBe('✓'));
    expect(badges).toContain('…');
    expect(badges.some((text) => /^\d+%$/.test(text) && text !== '100%')).toBe(true);

    // Opening the popup acknowledges it: the badge clears.
    await sendMessage('acknowledgeCreation');
    await waitFor(() => expect(badges.at(-1)).toBe(''));
  });

  it('works signed out, as this browser (anonymous)', async () => {
    const tabId = articleTab();
    expect((await sendMessage('createPodcastFromTab', { tabId })).ok).toBe(true);
    const [sent] = postedPodcasts();
    expect(sent!.headers.get('Authorization')).toBeNull();
    expect(sent!.headers.get('X-Pagecast-Anonymous')).toBeTruthy();
    expect((await finishedCreation()).phase).toBe('ready');
  });

  it('says so when the page has nothing readable, and sends nothing', async () => {
    const tabId = addTab({ url: 'https://app.example.com/', title: 'Dashboard', html: '<body><div id="app"></div></body>' });
    const result = await sendMessage('createPodcastFromTab', { tabId });
    expect(result).toEqual({
      ok: false,
      error: { code: 'NO_READABLE_CONTENT', message: 'Could not extract readable content from the webpage' },
    });
    expect((await creationItem.getValue())?.phase).toBe('failed');
    expect(postedPodcasts()).toHaveLength(0);
  });

  it.each([
    ['a browser page, known by its address', 'chrome://settings/', undefined, false],
    ['an extension store', 'https://chromewebstore.google.com/detail/x', undefined, false],
    ['a page the browser refuses to script', 'https://example.com/', 'Cannot access contents of the page.', true],
  ])('explains that %s cannot be read', async (_name, url, refusal, injected) => {
    const tabId = addTab({ url, title: 'Somewhere', html: ARTICLE_HTML, refusal });
    const result = await sendMessage('createPodcastFromTab', { tabId });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'UNREADABLE_PAGE', message: "Pagecast can't read this page" });
    expect(result.error.hint).toContain('Open an article and try again');
    // Known by its address: never scripted; refused by the browser: tried.
    expect(executeScript.mock.calls.length > 0).toBe(injected);
  });

  it('says the server cannot be reached', async () => {
    const tabId = articleTab();
    server.setDown(true);
    const result = await sendMessage('createPodcastFromTab', { tabId });
    expect(result.ok || result.error.message).toBe('Network error - please check your connection');
    expect((await creationItem.getValue())?.error?.message).toBe('Network error - please check your connection');
  });

  it('runs from the keyboard shortcut on the current tab', async () => {
    const tabId = articleTab();
    await commands.trigger('create-podcast', { id: tabId });
    await waitFor(() => expect(postedPodcasts()).toHaveLength(1));
    expect((await finishedCreation()).phase).toBe('ready');
  });
});

describe('making a podcast of the selection', () => {
  it('registers the context-menu item for selected text on install', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await waitFor(() =>
      expect(fakeBrowser.contextMenus.create).toHaveBeenCalledWith({
        id: 'create-podcast-from-selection',
        title: 'Create podcast from selection',
        contexts: ['selection'],
      }),
    );
  });

  it('sends only the live selection when the menu item is clicked', async () => {
    const selection = ARTICLE_PARAGRAPHS[1]!;
    const tabId = addTab({ url: 'https://news.example.com/harbour', title: 'Morning in the Harbour', html: ARTICLE_HTML, selection });
    await menuClicks.trigger({ menuItemId: 'create-podcast-from-selection', selectionText: 'stale text' }, { id: tabId });
    await waitFor(() => expect(postedPodcasts()).toHaveLength(1));
    const [sent] = postedPodcasts();
    expect(sent!.body).toEqual({ title: 'Morning in the Harbour', text: selection, sourceUrl: 'https://news.example.com/harbour', requestKey: expect.any(String) });
    expect((await finishedCreation()).source).toBe('selection');
  });

  it("falls back to the menu's selection text when the page cannot be scripted", async () => {
    const tabId = addTab({ url: 'https://example.com/', title: 'Locked', html: ARTICLE_HTML, refusal: 'Cannot access contents of the page.' });
    await menuClicks.trigger({ menuItemId: 'create-podcast-from-selection', selectionText: 'Words the reader chose.' }, { id: tabId });
    await waitFor(() => expect(postedPodcasts()).toHaveLength(1));
    expect((postedPodcasts()[0]!.body as { text: string }).text).toBe('Words the reader chose.');
  });

  it('asks for a selection when there is none', async () => {
    const tabId = articleTab();
    const result = await sendMessage('createPodcastFromSelection', { tabId });
    expect(result).toEqual({ ok: false, error: { code: 'NO_CONTENT', message: 'Select some text on the page first' } });
    expect(postedPodcasts()).toHaveLength(0);
  });

  it('tells the popup what is selected', async () => {
    const tabId = addTab({ url: 'https://news.example.com/harbour', title: 'Harbour', html: ARTICLE_HTML, selection: ARTICLE_PARAGRAPHS[0] });
    expect(await sendMessage('readTabSelection', { tabId })).toEqual({ ok: true, value: ARTICLE_PARAGRAPHS[0] });
  });
});

describe('the server address', () => {
  it('refuses what is not an http(s) address', async () => {
    const result = await sendMessage('saveServerAddress', { url: 'ftp://files.example.com' });
    expect(result.ok || result.error.message).toBe('Please enter a valid server address starting with http:// or https://');
    expect(await serverUrlItem.getValue()).toBe('http://localhost:8787');
  });

  it('signs out when moving to another server', async () => {
    await signedIn();
    expect(await sendMessage('saveServerAddress', { url: 'localhost:9999/' })).toEqual({ ok: true, value: 'http://localhost:9999' });
    expect(await sessionItem.getValue()).toBeNull();
  });

  it('asks for the permission a new origin needs instead of failing obscurely', async () => {
    await sendMessage('saveServerAddress', { url: 'https://pagecast.example.com' });
    const result = await sendMessage('listPodcasts');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'PERMISSION_REQUIRED', message: 'Pagecast needs your permission to reach https://pagecast.example.com' });
    expect(fakeBrowser.permissions.contains).toHaveBeenCalledWith({ origins: ['https://pagecast.example.com/*'] });
    expect(server.requests).toHaveLength(0);
  });
});

describe('listening', () => {
  /** A podcast made to its end; the playback it started by itself is stopped, so each test starts afresh. */
  async function readyPodcast(): Promise<string> {
    await signedIn();
    await sendMessage('createPodcastFromTab', { tabId: articleTab() });
    const creation = await finishedCreation();
    await waitFor(() => expect(offscreen.started).toHaveLength(1));
    await sendMessage('controlPlayback', { action: 'stop' });
    offscreen.started.length = 0;
    offscreen.commands.length = 0;
    offscreen.createDocument.mockClear();
    return creation.podcastId!;
  }

  it('plays in an offscreen document that outlives the popup, and mirrors its reports', async () => {
    const podcastId = await readyPodcast();
    offscreen.onStart = (data) => void sendMessage('reportAudio', { src: data.src, status: 'playing', position: 3, duration: 42, error: null });

    const result = await sendMessage('playPodcast', { podcastId });
    expect(result).toMatchObject({ ok: true });
    expect(offscreen.createDocument).toHaveBeenCalledWith(expect.objectContaining({ url: '/offscreen.html', reasons: ['AUDIO_PLAYBACK'] }));
    // Ready: the finished file.
    // The system's media controls show its title and the extension's icon.
    expect(offscreen.started).toEqual([
      { src: 'http://localhost:8787/api/podcasts/p1/audio?t=signed', kind: 'file', position: 0, rate: 1, title: expect.any(String), artwork: expect.stringMatching(/\/icon\/128\.png$/) },
    ]);
    expect(offscreen.started[0]!.title).toBe((await playbackItem.getValue())!.title);
    await waitFor(async () => expect(await playbackItem.getValue()).toMatchObject({ status: 'playing', position: 3, duration: 42 }));

    await sendMessage('controlPlayback', { action: 'pause' });
    expect((await playbackItem.getValue())?.status).toBe('paused');

    // A second play goes to the same document, from where it was.
    await sendMessage('controlPlayback', { action: 'resume' });
    expect(offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(offscreen.started[1]!.position).toBeGreaterThanOrEqual(3);

    await sendMessage('controlPlayback', { action: 'stop' });
    expect(await playbackItem.getValue()).toBeNull();
    expect(offscreen.documents).toBe(0);
  });

  it('starts the podcast asked for from its stream as soon as its first part is made, within what is made, and plays on when it completes', async () => {
    await signedIn();
    // The conversion waits after its first spoken part (queued, writing, speaking with 4 s made).
    const release = server.holdEventsAfter(3);
    await sendMessage('createPodcastFromTab', { tabId: articleTab() });

    await waitFor(() => expect(offscreen.started).toHaveLength(1));
    const stream = 'http://localhost:8787/api/podcasts/p1/stream.m3u8?t=signed';
    expect(offscreen.started).toEqual([{ src: stream, kind: 'stream', position: 0, rate: 1, title: expect.any(String), artwork: expect.any(String) }]);
    expect(await creationItem.getValue()).toMatchObject({ phase: 'converting', status: 'speaking', autoplayed: true, audioSeconds: 4, estimatedSeconds: 42 });
    await waitFor(async () =>
      expect(await playbackItem.getValue()).toMatchObject({ src: stream, kind: 'stream', growing: { madeSeconds: 4, estimatedSeconds: 42 }, unfinished: false }),
    );

    // Forward only up to what is made; back anywhere.
    await sendMessage('controlPlayback', { action: 'seek', position: 30 });
    expect(offscreen.commands.at(-1)).toEqual({ action: 'seek', position: 4 });
    await sendMessage('controlPlayback', { action: 'seek', position: 1 });
    expect(offscreen.commands.at(-1)).toEqual({ action: 'seek', position: 1 });

    release();
    expect(await finishedCreation()).toMatchObject({ phase: 'ready', audioUrl: '/api/podcasts/p1/audio?t=signed' });
    // The same stream plays on: nothing was started again, and the length is exact.
    await waitFor(async () => expect(await playbackItem.getValue()).toMatchObject({ src: stream, kind: 'stream', growing: null, duration: 42 }));
    expect(offscreen.started).toHaveLength(1);
    // The stream player reports the part it has loaded so far: the exact length stays, and a seek
    // near the end is not cut to that part.
    await sendMessage('reportAudio', { src: stream, status: 'playing', position: 10, duration: 17, error: null });
    expect((await playbackItem.getValue())?.duration).toBe(42);
    await sendMessage('controlPlayback', { action: 'seek', position: 38 });
    expect(offscreen.commands.at(-1)).toEqual({ action: 'seek', position: 38 });

    // Played again while the player holds it, it goes on from the same stream.
    await sendMessage('playPodcast', { podcastId: 'p1' });
    expect(offscreen.started.at(-1)).toMatchObject({ src: stream, kind: 'stream' });
  });

  it('brings the creation to its end when its podcast is already followed (played from the list, then the worker restarted)', async () => {
    await signedIn();
    const release = server.holdEventsAfter(3);
    await sendMessage('createPodcastFromTab', { tabId: articleTab() });
    await waitFor(async () => expect((await creationItem.getValue())?.status).toBe('speaking'));
    // The creation a restarted worker reads is another attempt than the following under way.
    await creationItem.setValue({ ...(await creationItem.getValue())!, attemptId: 'read-after-restart' });
    const resumed = resumeTracking();
    release();
    await resumed;
    expect(await creationItem.getValue()).toMatchObject({ phase: 'ready', status: 'ready', progress: 100, audioUrl: '/api/podcasts/p1/audio?t=signed' });
  });

  it('does not start a podcast by itself once the reader has closed its card', async () => {
    await signedIn();
    const release = server.holdEventsAfter(2);
    await sendMessage('createPodcastFromTab', { tabId: articleTab() });
    await waitFor(async () => expect((await creationItem.getValue())?.status).toBe('writing'));
    await sendMessage('dismissCreation');
    release();
    await waitFor(async () => expect((await recentPodcastsItem.getValue())[0]).toMatchObject({ status: 'ready' }));
    expect(offscreen.started).toEqual([]);
  });

  it('saves where the reader stopped to the server, so the web app offers the same place to resume', async () => {
    const podcastId = await readyPodcast();
    offscreen.onStart = (data) => void sendMessage('reportAudio', { src: data.src, status: 'playing', position: 12.5, duration: 42, error: null });
    const saves = () =>
      server.requests.filter((r) => r.method === 'PUT' && r.path === `/api/podcasts/${podcastId}/position`).map((r) => r.body);

    await sendMessage('playPodcast', { podcastId });
    await waitFor(() => expect(saves()).toEqual([{ positionSeconds: 12.5 }]));
    // Reports come once a second; while playing, saves are spaced out.
    await sendMessage('reportAudio', { src: (await playbackItem.getValue())!.src, status: 'playing', position: 13.5, duration: 42, error: null });
    await sendMessage('controlPlayback', { action: 'pause' });
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect((saves()[1] as { positionSeconds: number }).positionSeconds).toBeGreaterThanOrEqual(13.5);
  });

  it.each([
    ['from where the reader stopped (in the web app, say)', 20, 20],
    ['from the beginning when the saved place is the very start', 3, 0],
    ['from the beginning when the podcast was heard to its last seconds', 38, 0],
  ])('starts %s', async (_name, saved, start) => {
    const podcastId = await readyPodcast();
    const { token } = (await sessionItem.getValue())!;
    // Another client saved this place; the fake podcast lasts 42 seconds.
    const put = await server.fetch(`${server.origin}/api/podcasts/${podcastId}/position`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ positionSeconds: saved }),
    });
    expect(put.status).toBe(200);

    expect((await sendMessage('playPodcast', { podcastId })).ok).toBe(true);
    expect(offscreen.started.map((s) => s.position)).toEqual([start]);
  });

  it('refuses a podcast whose audio is not ready', async () => {
    await signedIn();
    server.setDown(true);
    await recentPodcastsItem.setValue([]);
    const result = await sendMessage('playPodcast', { podcastId: 'p9' });
    expect(result.ok).toBe(false);
  });
});

describe('modes, speed, the queue and read-along', () => {
  /** Messages the background sent to a tab's read-along script, and its stylesheet's insertions. */
  let pageMessages: { tabId: number; type: string; data: unknown }[];
  let css: { inserted: number; removed: number };

  beforeEach(() => {
    // Every test's server numbers its podcasts from p1: no transcript read for another test's p1.
    forgetTranscript();
    pageMessages = [];
    css = { inserted: 0, removed: 0 };
    Object.assign(fakeBrowser.tabs, {
      sendMessage: vi.fn((tabId: number, message: { type: string; data: unknown }, _options: unknown, respond?: (answer: unknown) => void) => {
        pageMessages.push({ tabId, type: message.type, data: message.data });
        respond?.({ res: true });
      }),
    });
    Object.assign(fakeBrowser.scripting, {
      insertCSS: vi.fn(async () => void css.inserted++),
      removeCSS: vi.fn(async () => void css.removed++),
    });
  });

  /** A podcast made from a tab, played to the point where it is stopped, with its transcript. */
  async function madeAndPlaying(options: { mode?: 'read' | 'podcast' } = {}) {
    await signedIn();
    const tabId = articleTab();
    offscreen.onStart = (data) => void sendMessage('reportAudio', { src: data.src, status: 'playing', position: 0, duration: 42, error: null });
    await sendMessage('createPodcastFromTab', { tabId, ...options });
    const creation = await finishedCreation();
    await waitFor(() => expect(offscreen.started).toHaveLength(1));
    return { tabId, podcastId: creation.podcastId! };
  }

  const report = async (position: number, status: 'playing' | 'ended' = 'playing') =>
    sendMessage('reportAudio', { src: (await playbackItem.getValue())!.src, status, position, duration: 42, error: null });

  it('sends the mode and minutes chosen, minutes only where the mode takes them', async () => {
    await signedIn();
    await sendMessage('createPodcastFromTab', { tabId: articleTab(), mode: 'conversation', minutes: 12 });
    await sendMessage('createPodcastFromTab', { tabId: articleTab(), mode: 'brief', minutes: 12 });
    await sendMessage('createPodcastFromTab', { tabId: articleTab() });
    expect(postedPodcasts().map((r) => r.body)).toEqual([
      expect.objectContaining({ mode: 'conversation', minutes: 12 }),
      expect.not.objectContaining({ minutes: 12 }),
      expect.not.objectContaining({ mode: expect.anything() }),
    ]);
    expect(postedPodcasts()[1]!.body).toMatchObject({ mode: 'brief' });
    expect(server.podcast('p1')).toMatchObject({ mode: 'conversation', minutes: 12 });
  });

  it("asks the server for the page's length before Create, with the page's text, the mode and the minutes, and shows its figure", async () => {
    await signedIn();
    const tabId = articleTab();
    const page = readArticle(Object.assign(new DOMParser().parseFromString(ARTICLE_HTML, 'text/html')));
    if (!page.ok) throw new Error('unreadable');
    const words = page.value.text.split(/\s+/).filter(Boolean).length;
    const read = await sendMessage('estimatePage', { tabId, mode: 'read' });
    // The fake's figure: the article at 180 words a minute, or the length asked when shorter.
    expect(read).toEqual({ ok: true, value: { words, pages: null, listing: null, seconds: Math.round((words / 180) * 60) } });
    // A short page's podcast is shorter than the 10 minutes asked: the server's figure, not the minutes.
    expect(await sendMessage('estimatePage', { tabId, mode: 'podcast', minutes: 10 })).toEqual(read);
    const asked = server.requests.filter((r) => r.path === '/api/podcasts/estimate').map((r) => r.body);
    expect(asked.at(-1)).toMatchObject({ text: page.value.text, mode: 'podcast', minutes: 10 });
    await sendMessage('estimatePage', { tabId, mode: 'brief', minutes: 10 });
    expect(server.requests.at(-1)!.body).toMatchObject({ mode: 'brief' });
    expect(server.requests.at(-1)!.body).not.toHaveProperty('minutes');
  });

  it('says a front page is a list of articles, and sends only the page when making its podcast', async () => {
    await signedIn();
    const teaser = (n: number) =>
      `<article><h2><a href="/story-${n}">Story ${n}: the council votes on a plan for the harbour</a></h2>` +
      `<p>The council met on Tuesday and argued for hours about money, boats and a bridge, residents said after meeting ${n}.</p></article>`;
    const tabId = addTab({ url: 'https://news.example.com/', title: 'Latest', html: `<main><h1>Latest</h1>${[1, 2, 3, 4, 5].map(teaser).join('')}</main>` });
    expect(await sendMessage('estimatePage', { tabId, mode: 'read' })).toMatchObject({ ok: true, value: { listing: 5 } });
    await sendMessage('createPodcastFromTab', { tabId, mode: 'read' });
    const [sent] = postedPodcasts();
    expect(sent!.body).not.toHaveProperty('listing');
    expect((sent!.body as { text: string }).text).toContain('Story 5: the council votes');
  });

  it("plays at the member's speed, saves a new one as their preference, and follows one set in the web app", async () => {
    await signedIn();
    server.setPreferences(EMAIL, { playbackRate: 1.5 });
    await sendMessage('refreshSession');
    await sendMessage('createPodcastFromTab', { tabId: articleTab(), mode: 'podcast' });
    await waitFor(() => expect(offscreen.started).toHaveLength(1));
    expect(offscreen.started[0]).toMatchObject({ rate: 1.5 });

    expect(await sendMessage('controlPlayback', { action: 'rate', rate: 2 })).toMatchObject({ ok: true, value: { rate: 2 } });
    expect(offscreen.commands).toContainEqual({ action: 'rate', rate: 2 });
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ playbackRate: 2 }]);
    expect((await sessionItem.getValue())?.user.playbackRate).toBe(2);

    expect(await sendMessage('controlPlayback', { action: 'rate', rate: 4 })).toEqual({
      ok: false,
      error: { code: 'VALIDATION_ERROR', message: 'The speed must be one of: 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3.' },
    });
    expect((await playbackItem.getValue())?.rate).toBe(2);

    // Changed in the web app: the popup's next session check brings it to the player.
    server.setPreferences(EMAIL, { playbackRate: 0.75 });
    await sendMessage('refreshSession');
    await waitFor(() => expect(offscreen.commands).toContainEqual({ action: 'rate', rate: 0.75 }));
    expect((await playbackItem.getValue())?.rate).toBe(0.75);
  });

  it('queues podcasts, keeps a member queue on the server, marks an episode played at its end and plays the next unplayed', async () => {
    const { podcastId: first } = await madeAndPlaying({ mode: 'podcast' });
    await sendMessage('createPodcastFromTab', { tabId: articleTab(), mode: 'podcast' });
    await sendMessage('createPodcastFromTab', { tabId: articleTab(), mode: 'podcast' });
    await waitFor(async () => expect(await recentPodcastsItem.getValue()).toHaveLength(3));
    await waitFor(async () => expect((await creationItem.getValue())?.phase).toBe('ready'));
    await sendMessage('playPodcast', { podcastId: first });

    expect(await sendMessage('queuePodcast', { podcastId: 'p2', place: 'end' })).toEqual({ ok: true, value: ['p2'] });
    expect(await sendMessage('queuePodcast', { podcastId: 'p3', place: 'next' })).toEqual({ ok: true, value: ['p3', 'p2'] });
    expect(server.queueOf(EMAIL)).toEqual(['p3', 'p2']);
    expect(await sendMessage('queuePodcast', { podcastId: 'p9', place: 'end' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Podcast not found' } });

    const started = offscreen.started.length;
    await report(42, 'ended');
    await waitFor(() => expect(offscreen.started).toHaveLength(started + 1));
    expect(server.podcast(first)?.playedAt).not.toBeNull();
    expect((await recentPodcastsItem.getValue()).find((p) => p.id === first)?.playedAt).not.toBeNull();
    expect(offscreen.started.at(-1)?.src).toContain('/api/podcasts/p3/');
    await waitFor(async () => expect(await queueItem.getValue()).toEqual(['p2']));
    expect(server.queueOf(EMAIL)).toEqual(['p2']);
  });

  it('reads along on the source tab of a read-mode podcast: the paragraph of the cue playing, a click plays from its paragraph, stop removes it', async () => {
    // The first podcast this server makes, its transcript complete.
    server.setTranscript('p1', {
      complete: true,
      cues: [
        { index: 0, startMs: 0, endMs: 3000, text: 'Morning in the Harbour.', sourceParagraph: 0, chapter: 'Morning in the Harbour' },
        { index: 1, startMs: 3000, endMs: 9000, text: 'The harbour wakes.', sourceParagraph: 1 },
        { index: 2, startMs: 9000, endMs: 15000, text: 'Fishermen here.', sourceParagraph: 2 },
        { index: 3, startMs: 15000, endMs: 21000, text: 'By noon.', sourceParagraph: 3 },
      ],
      chapters: [{ title: 'Morning in the Harbour', startMs: 0, endMs: 21000 }],
    });
    const { tabId, podcastId } = await madeAndPlaying({ mode: 'read' });
    expect(podcastId).toBe('p1');
    await report(4);
    await waitFor(() => expect(pageMessages).toContainEqual({ tabId, type: 'readAlongShow', data: { paragraph: 1 } }));
    expect(executeScript).toHaveBeenCalledWith({ target: { tabId }, files: ['/read-along.js'] });
    expect(css.inserted).toBe(1);
    expect((await playbackItem.getValue())?.chapters).toEqual([{ title: 'Morning in the Harbour', startMs: 0, endMs: 21000 }]);

    await report(10);
    await waitFor(() => expect(pageMessages.at(-1)).toEqual({ tabId, type: 'readAlongShow', data: { paragraph: 2 } }));
    // Injected once, however long it plays.
    expect(executeScript.mock.calls.filter(([call]) => call.files?.[0] === '/read-along.js')).toHaveLength(1);

    // A click on paragraph 3 of the page: the player goes where that paragraph is read.
    // What the page's script sends, from its tab; the answer comes back through sendResponse.
    const fromPage = (tab: number, paragraph: number) =>
      new Promise((resolve) =>
        void fakeBrowser.runtime.onMessage.trigger(
          { id: paragraph, type: 'readAlongSeek', data: { paragraph }, timestamp: Date.now() },
          { tab: { id: tab } } as never,
          resolve,
        ),
      );
    expect(await fromPage(tabId, 3)).toEqual({ res: { ok: true, value: null } });
    expect(offscreen.commands.at(-1)).toMatchObject({ action: 'seek' });
    expect((offscreen.commands.at(-1) as { position: number }).position).toBeCloseTo(15, 1);
    // From another tab, nothing moves.
    expect(await fromPage(999, 1)).toEqual({ res: { ok: false, error: { code: 'NOT_FOUND', message: 'Nothing is being read along on this page' } } });

    await sendMessage('controlPlayback', { action: 'stop' });
    await waitFor(() => expect(pageMessages.at(-1)).toMatchObject({ tabId, type: 'readAlongStop' }));
    expect(css.removed).toBe(1);
  });

  it('does not read along a podcast in another mode, and shows its chapters in the player', async () => {
    const chapters = [
      { title: 'Welcome', startMs: 0, endMs: 9000 },
      { title: 'The harbour', startMs: 9000, endMs: 42000 },
    ];
    server.setTranscript('p1', { complete: true, cues: [{ index: 0, startMs: 0, endMs: 9000, text: 'Welcome.', sourceParagraph: 0, chapter: 'Welcome' }], chapters });
    await madeAndPlaying({ mode: 'podcast' });
    await report(4);
    await waitFor(async () => expect((await playbackItem.getValue())?.chapters).toEqual(chapters));
    expect(pageMessages).toEqual([]);
    expect(css.inserted).toBe(0);
  });
});

describe('the tray: one episode of several tabs', () => {
  const LIGHTHOUSE_PARAGRAPHS = [
    'The lighthouse keeper climbs the hundred and twelve steps every evening, long after the lamp learned to light itself.',
    'She says the stairs keep her honest, and that a light nobody looks after is only a machine that has not broken yet.',
  ];
  const lighthouseTab = () =>
    addTab({
      url: 'https://coast.example.org/lighthouse',
      title: 'The Last Keeper',
      html: `<head><title>The Last Keeper</title></head><body><article><h1>The Last Keeper</h1>${LIGHTHOUSE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article></body>`,
    });

  it('keeps each page read as it was added, refuses one twice or one it cannot read, and removes one', async () => {
    const harbour = articleTab();
    const added = await sendMessage('addTabToTray', { tabId: harbour });
    if (!added.ok) throw new Error(added.error.message);
    expect(added.value).toHaveLength(1);
    // Kept in the extension's storage (the popup may close), with the article as read then.
    const [page] = await trayItem.getValue();
    expect(page).toMatchObject({ title: 'Morning in the Harbour', url: 'https://news.example.com/harbour', words: expect.any(Number) });
    expect(page!.source).toMatchObject({ title: 'Morning in the Harbour', sourceUrl: 'https://news.example.com/harbour' });
    for (const paragraph of ARTICLE_PARAGRAPHS) expect((page!.source as { text: string }).text.split('\n')).toContain(paragraph);
    expect(page!.source).not.toHaveProperty('listing');

    expect(await sendMessage('addTabToTray', { tabId: harbour })).toEqual({ ok: false, error: { code: 'TRAY_REFUSED', message: TRAY_MESSAGES.already } });
    const empty = addTab({ url: 'https://app.example.com/', title: 'Dashboard', html: '<body><div id="app"></div></body>' });
    expect(await sendMessage('addTabToTray', { tabId: empty })).toMatchObject({ ok: false, error: { code: 'NO_READABLE_CONTENT' } });
    expect(await trayItem.getValue()).toHaveLength(1);

    const lighthouse = await sendMessage('addTabToTray', { tabId: lighthouseTab() });
    if (!lighthouse.ok) throw new Error(lighthouse.error.message);
    expect(lighthouse.value.map((p) => p.title)).toEqual(['Morning in the Harbour', 'The Last Keeper']);
    const removed = await sendMessage('removeFromTray', { id: lighthouse.value[0]!.id });
    expect(removed.ok && removed.value.map((p) => p.title)).toEqual(['The Last Keeper']);
    expect((await trayItem.getValue()).map((p) => p.title)).toEqual(['The Last Keeper']);
    expect(postedPodcasts()).toHaveLength(0);
  });

  it('asks the server for the length of one episode of its pages, as sources with the mode and minutes', async () => {
    await signedIn();
    await sendMessage('addTabToTray', { tabId: articleTab() });
    await sendMessage('addTabToTray', { tabId: lighthouseTab() });
    const words = (await trayItem.getValue()).reduce((sum, page) => sum + page.words!, 0);
    const read = Math.round((words / 180) * 60);
    expect(await sendMessage('estimateTray', { mode: 'read' })).toEqual({ ok: true, value: { words, seconds: read } });
    expect(await sendMessage('estimateTray', { mode: 'podcast', minutes: 3 })).toEqual({ ok: true, value: { words, seconds: Math.min(read, 180) } });
    expect(server.requests.at(-1)!.body).toMatchObject({ sources: [{}, {}], mode: 'podcast', minutes: 3 });
    expect(postedPodcasts()).toHaveLength(0);
  });

  it('refuses a PDF that would take its PDFs over 20 MB together, keeping the tray as it was', async () => {
    // PDF tabs the browser will not script: the address says PDF, and the bytes are fetched.
    const pdf = (name: string) => addTab({ url: `https://docs.example.com/${name}`, title: name, html: '', refusal: 'Cannot access contents of the page' });
    const bytes = new Uint8Array(12 * 1024 * 1024);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).endsWith('.pdf') ? Promise.resolve(new Response(bytes)) : server.fetch(input, init),
    );
    expect((await sendMessage('addTabToTray', { tabId: pdf('tides.pdf') })).ok).toBe(true);
    expect(await sendMessage('addTabToTray', { tabId: pdf('storms.pdf') })).toEqual({ ok: false, error: { code: 'TRAY_REFUSED', message: PDF_MESSAGES.tooLargeTogether } });
    expect((await trayItem.getValue()).map((p) => p.title)).toEqual(['tides.pdf']);
  });

  it('holds at most ten pages', async () => {
    for (let i = 0; i < 10; i += 1) {
      const tabId = addTab({ url: `https://news.example.com/harbour/${i}`, title: `Harbour ${i}`, html: ARTICLE_HTML });
      expect((await sendMessage('addTabToTray', { tabId })).ok).toBe(true);
    }
    expect(await sendMessage('addTabToTray', { tabId: lighthouseTab() })).toEqual({ ok: false, error: { code: 'TRAY_REFUSED', message: TRAY_MESSAGES.full } });
  });

  it('makes one episode of its pages as one request of sources, in the mode chosen, then empties', async () => {
    await signedIn();
    await sendMessage('addTabToTray', { tabId: articleTab() });
    expect(await sendMessage('createPodcastFromTray', {})).toEqual({ ok: false, error: { code: 'TRAY_REFUSED', message: TRAY_MESSAGES.tooFew } });
    expect(postedPodcasts()).toHaveLength(0);
    await sendMessage('addTabToTray', { tabId: lighthouseTab() });

    const made = await sendMessage('createPodcastFromTray', { mode: 'read' });
    expect(made.ok).toBe(true);
    const [sent] = postedPodcasts();
    const body = sent!.body as { sources: { title: string; text: string; sourceUrl: string }[]; mode: string; requestKey: string };
    expect(body.mode).toBe('read');
    expect(body.requestKey).toEqual(expect.any(String));
    expect(body.sources.map((s) => [s.title, s.sourceUrl])).toEqual([
      ['Morning in the Harbour', 'https://news.example.com/harbour'],
      ['The Last Keeper', 'https://coast.example.org/lighthouse'],
    ]);
    expect(body.sources[1]!.text.split('\n')).toEqual(expect.arrayContaining(LIGHTHOUSE_PARAGRAPHS));
    expect(await trayItem.getValue()).toEqual([]);

    const creation = await finishedCreation();
    expect(creation).toMatchObject({ source: 'tray', phase: 'ready', title: 'Morning in the Harbour and 1 more source', unreadable: [] });
    expect(creation.tabId).toBeUndefined();
    expect(server.podcast('p1')?.sources?.map((s) => s.title)).toEqual(['Morning in the Harbour', 'The Last Keeper']);
  });

  it('keeps its pages when the server cannot be reached', async () => {
    await sendMessage('addTabToTray', { tabId: articleTab() });
    await sendMessage('addTabToTray', { tabId: lighthouseTab() });
    server.setDown(true);
    const made = await sendMessage('createPodcastFromTray', {});
    expect(made.ok || made.error.message).toBe('Network error - please check your connection');
    expect(await trayItem.getValue()).toHaveLength(2);
    expect((await creationItem.getValue())).toMatchObject({ source: 'tray', phase: 'failed' });
  });
});
