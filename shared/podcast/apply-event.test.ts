import { describe, expect, it } from 'vitest';
import type { PodcastEvent } from '../api/podcasts.ts';
import { podcastFixture } from '../testing/podcast-fixture.ts';
import { applyPodcastEvent, applyPodcastEventToList, eventOf, isFinished } from './apply-event.ts';

const podcast = podcastFixture({
  title: 'The harbour',
  hasScript: true,
  progress: 10,
  sourceUrl: 'https://example.com/a',
  positionSeconds: 12,
});

const event = (change: Partial<PodcastEvent>): PodcastEvent => ({
  id: 'p1',
  status: 'writing',
  progress: 35,
  title: 'The harbour at dawn',
  audioUrl: null,
  streamUrl: null,
  audioSeconds: null,
  estimatedSeconds: null,
  durationSeconds: null,
  error: null,
  fallbackReason: null,
  ...change,
});

describe('applyPodcastEvent', () => {
  it.each([
    ['a step of progress', event({}), { status: 'writing', progress: 35, title: 'The harbour at dawn' }],
    ['the end, with its audio', event({ status: 'ready', progress: 100, audioUrl: '/a.mp3?t=x' }), { status: 'ready', audioUrl: '/a.mp3?t=x' }],
    ['a failure, with its reason', event({ status: 'failed', error: 'No voice' }), { status: 'failed', error: 'No voice' }],
    [
      'the first part of the episode, with what is made and the estimated length',
      event({ status: 'speaking', progress: 40, streamUrl: '/api/podcasts/p1/stream.m3u8?t=s', audioSeconds: 12.5, estimatedSeconds: 580 }),
      { status: 'speaking', streamUrl: '/api/podcasts/p1/stream.m3u8?t=s', audioSeconds: 12.5, estimatedSeconds: 580, audioUrl: null, durationSeconds: null },
    ],
    [
      'the end: the finished file beside the stream, and the exact length',
      event({
        status: 'ready',
        progress: 100,
        audioUrl: '/a.mp3?t=x',
        streamUrl: '/api/podcasts/p1/stream.m3u8?t=s',
        audioSeconds: 583.2,
        estimatedSeconds: 583.2,
        durationSeconds: 583.2,
      }),
      { status: 'ready', audioUrl: '/a.mp3?t=x', streamUrl: '/api/podcasts/p1/stream.m3u8?t=s', audioSeconds: 583.2, estimatedSeconds: 583.2, durationSeconds: 583.2 },
    ],
    [
      'a failure part of the way: the part made stays playable',
      event({ status: 'failed', error: 'The voice stopped answering', streamUrl: '/api/podcasts/p1/stream.m3u8?t=s', audioSeconds: 95 }),
      { status: 'failed', error: 'The voice stopped answering', streamUrl: '/api/podcasts/p1/stream.m3u8?t=s', audioSeconds: 95, audioUrl: null },
    ],
    [
      'the end of a script the AI did not write, with why',
      event({ status: 'speaking', fallbackReason: 'The AI service refused the API key (HTTP 401)' }),
      { fallbackReason: 'The AI service refused the API key (HTTP 401)' },
    ],
    ['an empty title keeps the title', event({ title: '' }), { title: 'The harbour' }],
    ['progress above 100 is 100', event({ progress: 140 }), { progress: 100 }],
    ['progress below 0 is 0', event({ progress: -3 }), { progress: 0 }],
  ] as const)('%s', (_, e, expected) => {
    const merged = applyPodcastEvent(podcast, e);
    expect(merged).toMatchObject(expected);
    // What events do not carry stays.
    expect(merged).toMatchObject({ hasScript: true, positionSeconds: 12, sourceUrl: 'https://example.com/a' });
  });

  it('leaves a podcast the event is not about as it is', () => {
    expect(applyPodcastEvent(podcast, event({ id: 'p2' }))).toBe(podcast);
  });

  it('applies to the one podcast of a list the event is about', () => {
    const other = { ...podcast, id: 'p2' };
    const list = applyPodcastEventToList([podcast, other], event({ progress: 70, status: 'speaking' }));
    expect(list.map((p) => [p.id, p.status, p.progress])).toEqual([
      ['p1', 'speaking', 70],
      ['p2', 'queued', 10],
    ]);
  });

  it('turns a full podcast into the event it amounts to', () => {
    expect(eventOf(podcast)).toEqual({
      id: 'p1',
      status: 'queued',
      progress: 10,
      title: 'The harbour',
      audioUrl: null,
      streamUrl: null,
      audioSeconds: null,
      estimatedSeconds: null,
      durationSeconds: null,
      error: null,
      fallbackReason: null,
    });
    const growing = { ...podcast, status: 'speaking' as const, streamUrl: '/s.m3u8?t=s', audioSeconds: 30, estimatedSeconds: 300 };
    expect(applyPodcastEvent(podcast, eventOf(growing))).toMatchObject({ streamUrl: '/s.m3u8?t=s', audioSeconds: 30, estimatedSeconds: 300 });
  });
});

describe('isFinished', () => {
  it.each([
    ['queued', false],
    ['writing', false],
    ['speaking', false],
    ['ready', true],
    ['failed', true],
  ] as const)('%s: %s', (status, finished) => {
    expect(isFinished(status)).toBe(finished);
  });
});
