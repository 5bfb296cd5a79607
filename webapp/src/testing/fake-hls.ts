/**
 * A stand-in for hls.js in component tests (happy-dom has no Media Source Extensions): what the
 * player attached, and whether it let go. A test file puts it in place of the loader with
 * `vi.mock('<path>/lib/load-hls.ts', () => import('<path>/testing/fake-hls.ts'))`.
 */
import type { HlsErrorData, HlsSettings } from '../../../shared/client/attach-episode.ts';

export interface FakeHlsInstance {
  settings: HlsSettings;
  source: string | null;
  media: HTMLMediaElement | null;
  destroyed: boolean;
}

/** Every hls.js instance made since the last `resetFakeHls()`. */
export const fakeHlsInstances: FakeHlsInstance[] = [];

export function resetFakeHls(): void {
  fakeHlsInstances.length = 0;
}

const ERROR = 'hlsError';

class FakeHls {
  static readonly Events = { ERROR } as const;
  static isSupported() {
    return true;
  }
  private readonly record: FakeHlsInstance;
  constructor(settings: HlsSettings) {
    this.record = { settings, source: null, media: null, destroyed: false };
    fakeHlsInstances.push(this.record);
  }
  on(_event: typeof ERROR, _listener: (event: typeof ERROR, data: HlsErrorData) => void) {}
  loadSource(url: string) {
    this.record.source = url;
  }
  attachMedia(media: HTMLMediaElement) {
    this.record.media = media;
  }
  recoverMediaError() {}
  destroy() {
    this.record.destroyed = true;
  }
}

export const loadHls = async () => FakeHls;

/** The fake stands in for hls.js: streams play through it, and there is nothing to download ahead. */
export const playsStreamsThroughHls = () => true;
export const preloadHls = () => {};
