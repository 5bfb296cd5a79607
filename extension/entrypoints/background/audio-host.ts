/**
 * Where the audio plays so it outlives the popup. Chromium: an offscreen document (MV3 service
 * workers have no DOM). Firefox has no offscreen documents but its background is a page with a DOM,
 * so the audio element lives right here. Elsewhere: nowhere, and the popup plays it itself.
 */
import { browser } from 'wxt/browser';
import { createAudioPlayer, type AudioPlayer } from '../../audio-player.ts';
import { loadHls } from '../../load-hls.ts';
import { sendMessage, type AudioCommand, type AudioReport, type AudioStart } from '../../messaging.ts';
import { fail, type Result } from '../../result.ts';

export interface AudioHost {
  start(request: AudioStart): Promise<Result<null>>;
  control(command: AudioCommand): Promise<Result<null>>;
  /** Lets go of the player (closes the offscreen document). */
  close(): Promise<void>;
}

const OFFSCREEN_PATH = '/offscreen.html';

export const PLAYBACK_UNAVAILABLE_MESSAGE = "This browser can't keep playing after the popup closes";

/** Picks the host this browser supports. `onReport` receives the player's reports in this context. */
export function createAudioHost(onReport: (report: AudioReport) => void): AudioHost | null {
  // Typed as always present, but Firefox has no offscreen API at all.
  if ((browser.offscreen as typeof browser.offscreen | undefined)?.createDocument) return offscreenHost();
  if (typeof Audio === 'function') return pageHost(onReport);
  return null;
}

function offscreenHost(): AudioHost {
  let creating: Promise<void> | null = null;

  async function hasDocument(): Promise<boolean> {
    const url = browser.runtime.getURL(OFFSCREEN_PATH);
    const contexts = await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
    return contexts.length > 0;
  }

  async function ensureDocument(): Promise<void> {
    if (await hasDocument()) return;
    creating ??= browser.offscreen
      .createDocument({
        url: OFFSCREEN_PATH,
        reasons: ['AUDIO_PLAYBACK'],
        justification: 'Keeps the podcast playing after the popup closes.',
      })
      .finally(() => {
        creating = null;
      });
    await creating;
  }

  /** Sends to the player, converting "no document" and "nobody is listening" into data. */
  async function tell<T>(send: () => Promise<Result<T>>): Promise<Result<T>> {
    try {
      return await send();
    } catch (err) {
      console.error('[pagecast] the offscreen player did not answer', err);
      return fail('PLAYBACK_FAILED', "This podcast's audio could not be played");
    }
  }

  return {
    async start(request) {
      return tell(async () => {
        await ensureDocument();
        return sendMessage('startAudio', request);
      });
    },
    async control(command) {
      // Chrome closes an offscreen document that stays silent for a while: nothing to control then.
      if (!(await hasDocument())) return { ok: true, value: null };
      return tell(() => sendMessage('controlAudio', command));
    },
    async close() {
      if (await hasDocument()) await browser.offscreen.closeDocument();
    },
  };
}

/**
 * hls.js for a growing episode in the background page. Only Firefox's background is a page; a
 * Chromium build's background is a service worker, which plays nothing itself and must not carry (or
 * evaluate at start) hls.js, so its build leaves the import out.
 */
const loadHlsHere = () =>
  import.meta.env.FIREFOX ? loadHls() : Promise.reject(new Error('The background plays no audio in this browser'));

function pageHost(onReport: (report: AudioReport) => void): AudioHost {
  let player: AudioPlayer | null = null;
  const ensure = () => (player ??= createAudioPlayer(new Audio(), onReport, loadHlsHere));
  return {
    start: (request) => ensure().start(request),
    control: (command) => ensure().control(command),
    async close() {
      await player?.control({ action: 'stop' });
    },
  };
}
