/**
 * Puts a podcast's episode on an <audio> element: the finished MP3 as its source, or the episode
 * still being made, an HLS playlist of type EVENT that grows segment by segment and ends with
 * `#EXT-X-ENDLIST` once the episode is complete (or failed part of the way).
 *
 * Safari plays HLS itself; Chromium and Firefox play it through hls.js over Media Source Extensions.
 * Chromium now also answers "maybe" to the HLS type without playing every stream reliably, so the
 * element plays the playlist itself only where ManagedMediaSource exists too (Safari 17 and later, as
 * hls.js's own setup guide advises), or where hls.js cannot run at all. hls.js is large, so the
 * caller passes the function that loads it (a dynamic import, which each client's bundler splits off):
 * it is downloaded only when a growing episode plays (or primed, `primeStream`, for the podcast just
 * asked for). It is configured to start at the beginning rather than at the live edge, to fetch the
 * first segment as soon as it is listed, without low-latency mode (the playlist has no parts), and with the element's duration kept finite
 * (the made part) so the element can seek anywhere in it; when the playlist ends the duration becomes
 * exact and the element plays on to its end without restarting.
 *
 * The web app's player, the extension's offscreen document (Chromium) and its background page
 * (Firefox) all attach through this one function. It is written against the few members of the
 * element and of hls.js it uses, since shared code is also compiled without the DOM's types.
 */
import { sameAddress, type EpisodeSource } from '../podcast/episode-source.ts';

/** The HLS playlist type a browser that plays HLS itself recognises. */
export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

export const EPISODE_MESSAGES = {
  unsupported: "This browser can't play a podcast while it is being made. It can play once the podcast is ready.",
  streamFailed: 'The podcast stopped loading. Play it again to pick up where it stopped.',
  loadFailed: 'The player could not be loaded. Check your connection and play it again.',
} as const;

/** The members of an <audio> (or <video>) element this module uses. */
export interface EpisodeMedia {
  src: string;
  currentTime: number;
  canPlayType(type: string): string;
  removeAttribute(name: string): void;
  load(): void;
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The settings hls.js runs with (a subset of its config). */
export interface HlsSettings {
  /** Where loading and playback start, in seconds: 0 is the beginning, not the live edge. */
  startPosition: number;
  /** The first segment is fetched as soon as the playlist lists it, before the element is attached. */
  startFragPrefetch: boolean;
  lowLatencyMode: boolean;
  /** False: the element's duration is the made part, finite, so it can seek in it. */
  liveDurationInfinity: boolean;
  /**
   * Off: audio needs little remuxing, and a worker would be made from a blob: address, which an
   * extension page's content security policy refuses.
   */
  enableWorker: boolean;
  /** How the playlist and the segments are asked for again when the server does not answer. */
  manifestLoadPolicy: LoadPolicy;
  playlistLoadPolicy: LoadPolicy;
  fragLoadPolicy: LoadPolicy;
}

/** hls.js's retry settings for one kind of request (a subset of its LoadPolicy). */
export interface LoadPolicy {
  default: {
    maxTimeToFirstByteMs: number;
    maxLoadTimeMs: number;
    timeoutRetry: { maxNumRetry: number; retryDelayMs: number; maxRetryDelayMs: number };
    errorRetry: { maxNumRetry: number; retryDelayMs: number; maxRetryDelayMs: number };
  };
}

/**
 * A listener stays connected through a server restart (a deploy, a crash): failed requests are
 * asked again for about half a minute, keeping what is buffered playing, before the stream fails.
 */
const THROUGH_A_RESTART: LoadPolicy = {
  default: {
    maxTimeToFirstByteMs: 10_000,
    maxLoadTimeMs: 20_000,
    timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 12, retryDelayMs: 1_000, maxRetryDelayMs: 4_000 },
  },
};

/**
 * The first playlist: a new podcast's answers "not yet" (503) when its first part is still not made
 * after the server's wait; it is asked again within a quarter second, then as through a restart
 * (the delay doubling to 4 s, about as long in all).
 */
const FIRST_PLAYLIST: LoadPolicy = {
  default: { ...THROUGH_A_RESTART.default, errorRetry: { maxNumRetry: 14, retryDelayMs: 250, maxRetryDelayMs: 4_000 } },
};

export const HLS_SETTINGS: Readonly<HlsSettings> = {
  startPosition: 0,
  startFragPrefetch: true,
  lowLatencyMode: false,
  liveDurationInfinity: false,
  enableWorker: false,
  manifestLoadPolicy: FIRST_PLAYLIST,
  playlistLoadPolicy: THROUGH_A_RESTART,
  fragLoadPolicy: THROUGH_A_RESTART,
};

/** What an hls.js error event carries that matters here. */
export interface HlsErrorData {
  fatal: boolean;
  /** 'networkError', 'mediaError', … */
  type: string;
  details: string;
}

/** The members of an hls.js instance this module uses. */
export interface HlsPlayer<Media, ErrorEvent> {
  on(event: ErrorEvent, listener: (event: ErrorEvent, data: HlsErrorData) => void): void;
  loadSource(url: string): void;
  attachMedia(media: Media): void;
  recoverMediaError(): void;
  destroy(): void;
}

/** The members of the hls.js class (its default export) this module uses. */
export interface HlsClass<Media, ErrorEvent> {
  new (settings: HlsSettings): HlsPlayer<Media, ErrorEvent>;
  isSupported(): boolean;
  readonly Events: { readonly ERROR: ErrorEvent };
}

export interface AttachOptions<Media, ErrorEvent> {
  /**
   * Loads hls.js, e.g. `() => import('hls.js/light').then((m) => m.default)`. (The element's type
   * comes from `media`, not from the wider parameter hls.js's attachMedia accepts.)
   */
  loadHls: () => Promise<HlsClass<NoInfer<Media>, ErrorEvent>>;
  /** Where playback starts, in seconds; the beginning when absent. */
  startAt?: number;
  /** The episode stopped loading for good while it played (a message to show). */
  onError?: (message: string) => void;
}

export interface AttachedEpisode {
  /**
   * Settles once the element has its source, so `play()` may be called. Rejects (with a message to
   * show) when this browser cannot play a growing episode or the player could not be loaded.
   */
  ready: Promise<void>;
  /** Takes the episode off the element (stops loading, frees the stream). */
  detach(): void;
}

/** Whether the element should play the playlist itself rather than through hls.js. */
export function prefersNativeHls(media: EpisodeMedia): boolean {
  return media.canPlayType(HLS_MIME_TYPE) !== '' && 'ManagedMediaSource' in globalThis;
}

export function attachEpisode<Media extends EpisodeMedia, ErrorEvent>(
  media: Media,
  source: EpisodeSource,
  options: AttachOptions<Media, ErrorEvent>,
): AttachedEpisode {
  const startAt = Math.max(0, options.startAt ?? 0);
  if (source.kind === 'file') return attachNatively(media, source.url, startAt, false);
  if (prefersNativeHls(media)) return attachNatively(media, source.url, startAt, true);

  let detached = false;
  let hls: HlsPlayer<Media, ErrorEvent> | null = null;
  let native: AttachedEpisode | null = null;
  const primedPlayer = startAt === 0 ? takePrimedStream<Media, ErrorEvent>(source.url) : Promise.resolve(null);
  const ready = options.loadHls().then(
    async (Hls) => {
      if (detached) return void (await primedPlayer)?.destroy();
      if (!Hls.isSupported()) {
        // An older Safari without Media Source Extensions still plays HLS itself.
        if (media.canPlayType(HLS_MIME_TYPE) !== '') {
          native = attachNatively(media, source.url, startAt, true);
          return native.ready;
        }
        throw new Error(EPISODE_MESSAGES.unsupported);
      }
      // A primed player is already loading this address from the beginning.
      const taken = await primedPlayer;
      const player = taken ?? new Hls({ ...HLS_SETTINGS, startPosition: startAt });
      if (detached) return player.destroy();
      let recovered = false;
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A decoding hiccup is worth one recovery; anything else (the server gone, the address
        // expired) is reported, and playing again attaches afresh.
        if (data.type === 'mediaError' && !recovered) {
          recovered = true;
          player.recoverMediaError();
          return;
        }
        options.onError?.(EPISODE_MESSAGES.streamFailed);
      });
      if (!taken) player.loadSource(source.url);
      player.attachMedia(media);
      hls = player;
    },
    (err: unknown) => {
      throw new Error(EPISODE_MESSAGES.loadFailed, { cause: err });
    },
  );
  return {
    ready,
    detach() {
      detached = true;
      hls?.destroy();
      hls = null;
      native?.detach();
    },
  };
}

/**
 * The element plays the address itself. A browser playing a live playlist natively may start at its
 * live edge: once the metadata is in, the position goes to where playback should start.
 */
function attachNatively(media: EpisodeMedia, url: string, startAt: number, liveStream: boolean): AttachedEpisode {
  const toStart = () => {
    if (Math.abs(media.currentTime - startAt) > 0.5) media.currentTime = startAt;
  };
  media.src = url;
  if (liveStream) media.addEventListener('loadedmetadata', toStart, { once: true });
  else if (startAt > 0) media.currentTime = startAt;
  return {
    ready: Promise.resolve(),
    detach() {
      media.removeEventListener('loadedmetadata', toStart);
      media.removeAttribute('src');
      media.load();
    },
  };
}

/** How long a primed stream waits for its player. */
const UNCLAIMED_MS = 60_000;

const primed = new Map<string, { player: Promise<unknown>; timer: ReturnType<typeof setTimeout> }>();

/**
 * Starts loading a growing episode before its player exists: the podcast just created plays as soon
 * as its first part is made, so its playlist, and then its first segment (startFragPrefetch), are
 * asked for the moment the create answer arrives, not once the page has drawn its player. The next
 * `attachEpisode` of the same address from the beginning takes the primed hls.js instance; one
 * nobody takes within a minute is dropped. Only where the episode plays through hls.js.
 */
export function primeStream<Media, ErrorEvent>(url: string, loadHls: () => Promise<HlsClass<Media, ErrorEvent>>): void {
  if ([...primed.keys()].some((primedUrl) => sameAddress(primedUrl, url))) return;
  const player = loadHls().then(
    (Hls) => {
      if (!Hls.isSupported()) return null;
      const hls = new Hls({ ...HLS_SETTINGS });
      hls.loadSource(url);
      return hls;
    },
    () => null,
  );
  const timer = setTimeout(() => {
    primed.delete(url);
    void player.then((hls) => hls?.destroy());
  }, UNCLAIMED_MS);
  primed.set(url, { player, timer });
}

/** The primed player for `url`, taken off the list (the caller attaches or destroys it); null when none. */
function takePrimedStream<Media, ErrorEvent>(url: string): Promise<HlsPlayer<Media, ErrorEvent> | null> {
  // The list's later answers sign the same address afresh.
  const key = [...primed.keys()].find((primedUrl) => sameAddress(primedUrl, url));
  const entry = key === undefined ? undefined : primed.get(key);
  if (!entry) return Promise.resolve(null);
  primed.delete(key!);
  clearTimeout(entry.timer);
  return entry.player as Promise<HlsPlayer<Media, ErrorEvent> | null>;
}
