import { describe, expect, it } from 'vitest';
import { episodeSource, sameAddress, sameSource, type EpisodeSource } from './episode-source.ts';

const FILE = '/api/podcasts/p1/audio?t=a1';
const STREAM = '/api/podcasts/p1/stream.m3u8?t=s1';
const file = (url = FILE): EpisodeSource => ({ kind: 'file', url });
const stream = (url = STREAM): EpisodeSource => ({ kind: 'stream', url });

describe('episodeSource', () => {
  it.each([
    ['nothing spoken yet', { audioUrl: null, streamUrl: null }, null],
    ['being made: the stream', { audioUrl: null, streamUrl: STREAM }, stream()],
    ['ready: the finished file', { audioUrl: FILE, streamUrl: STREAM }, file()],
    ['failed part of the way: the part made', { audioUrl: null, streamUrl: STREAM }, stream()],
    ['ready, from a server without streams', { audioUrl: FILE, streamUrl: null }, file()],
  ] as const)('a new player: %s', (_name, addresses, expected) => {
    expect(episodeSource(addresses)).toEqual(expected);
  });

  it('keeps the stream it plays when the episode completes, so playback goes on without a restart', () => {
    const held = stream();
    expect(episodeSource({ audioUrl: FILE, streamUrl: '/api/podcasts/p1/stream.m3u8?t=s2' }, held)).toBe(held);
  });

  it('keeps the address it holds when the server signs it anew', () => {
    const held = file();
    expect(episodeSource({ audioUrl: '/api/podcasts/p1/audio?t=a2', streamUrl: STREAM }, held)).toBe(held);
  });

  it('lets go once the episode is gone (a new voice starting), then takes the new one', () => {
    expect(episodeSource({ audioUrl: null, streamUrl: null }, file())).toBeNull();
    expect(episodeSource({ audioUrl: null, streamUrl: STREAM }, file())).toEqual(stream());
  });

  it('plays nothing of a podcast back in the queue: the stream it names is the last episode, about to be replaced', () => {
    expect(episodeSource({ status: 'queued', audioUrl: null, streamUrl: STREAM }, stream())).toBeNull();
    expect(episodeSource({ status: 'queued', audioUrl: null, streamUrl: STREAM })).toBeNull();
    // Its speech has started: the new episode's stream, at the same address.
    expect(episodeSource({ status: 'speaking', audioUrl: null, streamUrl: STREAM })).toEqual(stream());
  });

  it('plays the file when the held stream is no longer offered', () => {
    expect(episodeSource({ audioUrl: FILE, streamUrl: null }, stream())).toEqual(file());
  });
});

describe('sameAddress and sameSource', () => {
  it('compare addresses without their signatures, sources exactly', () => {
    expect(sameAddress(FILE, '/api/podcasts/p1/audio?t=other')).toBe(true);
    expect(sameAddress(FILE, '/api/podcasts/p2/audio?t=a1')).toBe(false);
    expect(sameSource(file(), file())).toBe(true);
    expect(sameSource(file(), file('/api/podcasts/p1/audio?t=other'))).toBe(false);
    expect(sameSource(file(), null)).toBe(false);
    expect(sameSource(null, null)).toBe(true);
  });
});
