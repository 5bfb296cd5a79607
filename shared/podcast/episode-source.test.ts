import { describe, expect, it } from 'vitest';
import { episodeSource, hasAudio, sameAddress, sameSource, type EpisodeSource } from './episode-source.ts';

const FILE = '/api/podcasts/p1/audio?t=a1';
const STREAM = '/api/podcasts/p1/stream.m3u8?t=s1';
const file = (url = FILE): EpisodeSource => ({ kind: 'file', url });
const stream = (url = STREAM): EpisodeSource => ({ kind: 'stream', url });

describe('episodeSource', () => {
  it.each([
    ['nothing spoken yet', { audioUrl: null, streamUrl: null }, null],
    ['being made: the stream', { audioUrl: null, streamUrl: STREAM, audioSeconds: 4.2 }, stream()],
    ['ready: the finished file', { audioUrl: FILE, streamUrl: STREAM, audioSeconds: 60 }, file()],
    ['failed part of the way: the part made', { status: 'failed', audioUrl: null, streamUrl: STREAM, audioSeconds: 8 }, stream()],
    ['new, its first part not made yet', { status: 'writing', audioUrl: null, streamUrl: STREAM, audioSeconds: null }, null],
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
    expect(episodeSource({ audioUrl: null, streamUrl: STREAM, audioSeconds: 3 }, file())).toEqual(stream());
  });

  it('plays nothing of a podcast back in the queue: the stream it names is the last episode, about to be replaced', () => {
    expect(episodeSource({ status: 'queued', audioUrl: null, streamUrl: STREAM, audioSeconds: 12 }, stream())).toBeNull();
    expect(episodeSource({ status: 'queued', audioUrl: null, streamUrl: STREAM, audioSeconds: 12 }, null, { playNow: true })).toBeNull();
    // Its speech has started: the new episode's stream, at the same address.
    expect(episodeSource({ status: 'speaking', audioUrl: null, streamUrl: STREAM, audioSeconds: 1.5 })).toEqual(stream());
  });

  it("takes a new podcast's stream before its first part only for a player about to play it, and keeps it as the part comes", () => {
    const coming = { status: 'queued', audioUrl: null, streamUrl: STREAM, audioSeconds: null } as const;
    expect(episodeSource(coming)).toBeNull();
    const held = episodeSource(coming, null, { playNow: true });
    expect(held).toEqual(stream());
    // Started, then re-signed as its first part is stored: the same source, not a new one.
    expect(episodeSource({ ...coming, status: 'speaking', streamUrl: '/api/podcasts/p1/stream.m3u8?t=s2', audioSeconds: 4 }, held)).toBe(held);
    // It failed before any part: nothing to play.
    expect(episodeSource({ status: 'failed', audioUrl: null, streamUrl: null, audioSeconds: null }, held)).toBeNull();
  });

  it('hasAudio: the finished file, or a stream with something made', () => {
    expect(hasAudio({ audioUrl: FILE, streamUrl: null })).toBe(true);
    expect(hasAudio({ audioUrl: null, streamUrl: STREAM, audioSeconds: 2 })).toBe(true);
    expect(hasAudio({ audioUrl: null, streamUrl: STREAM, audioSeconds: null })).toBe(false);
    expect(hasAudio({ audioUrl: null, streamUrl: null, audioSeconds: 2 })).toBe(false);
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
