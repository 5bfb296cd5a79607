import { describe, expect, it, vi } from 'vitest';
import type { PodcastEvent } from '../api/podcasts.ts';
import { ApiError } from './api-error.ts';
import { followPodcast, type PodcastEventSource } from './follow-podcast.ts';
import { SAFETY_NET_MS } from '../testing/safety-net.ts';

const event = (status: PodcastEvent['status'], progress: number): PodcastEvent => ({
  id: 'p1',
  status,
  progress,
  title: 'T',
  audioUrl: status === 'ready' ? '/api/podcasts/p1/audio?t=x' : null,
  streamUrl: null,
  audioSeconds: null,
  estimatedSeconds: null,
  durationSeconds: null,
  error: null,
});

const sse = (...events: (PodcastEvent | string)[]) =>
  events.map((e) => (typeof e === 'string' ? e : `event: podcast\ndata: ${JSON.stringify(e)}\n\n`)).join('');

/** A stream that sends `text` and then stays open until cancelled. */
function openStream(text: string, onCancel?: () => void): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
      cancel: onCancel,
    }),
  );
}

/** An event source answering each opening with the next of `answers`. */
function source(...answers: (() => Response | Promise<Response>)[]) {
  const openEvents = vi.fn<PodcastEventSource['openEvents']>(async () => {
    const next = answers.shift();
    if (!next) throw new Error('opened more often than expected');
    return next();
  });
  return { openEvents };
}

const fast = { reconnectDelaysMs: [1, 2] };

describe('followPodcast', () => {
  it('passes every event on and resolves with the last, stopping the stream there', async () => {
    let cancelled = false;
    const events = source(() => openStream(sse(event('queued', 0), event('writing', 35), event('ready', 100)), () => (cancelled = true)));
    const seen: PodcastEvent[] = [];
    const final = await followPodcast(events, 'p1', { onEvent: (e) => void seen.push(e), signal: new AbortController().signal, ...fast });
    expect(final).toEqual(event('ready', 100));
    expect(seen.map((e) => e.progress)).toEqual([0, 35, 100]);
    expect(cancelled).toBe(true);
    expect(events.openEvents).toHaveBeenCalledWith('p1', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('skips other events, and data that is not an event of ours', async () => {
    const events = source(() => openStream(sse('event: ping\ndata: {}\n\n', 'event: podcast\ndata: not json\n\n', 'event: podcast\ndata: {"x":1}\n\n', event('failed', 40))));
    const seen: PodcastEvent[] = [];
    const final = await followPodcast(events, 'p1', { onEvent: (e) => void seen.push(e), signal: new AbortController().signal, ...fast });
    expect(final.status).toBe('failed');
    expect(seen).toHaveLength(1);
  });

  it('opens the stream again when it ends early or the network fails, and goes on', async () => {
    const events = source(
      () => new Response(sse(event('writing', 35))),
      () => Promise.reject(new ApiError('NETWORK_ERROR', 'offline', 0)),
      () => Promise.reject(new ApiError('INTERNAL_ERROR', 'down', 503)),
      () => new Response(sse(event('speaking', 70), event('ready', 100))),
    );
    const seen: number[] = [];
    const final = await followPodcast(events, 'p1', { onEvent: (e) => void seen.push(e.progress), signal: new AbortController().signal, ...fast });
    expect(final.status).toBe('ready');
    expect(seen).toEqual([35, 70, 100]);
    expect(events.openEvents).toHaveBeenCalledTimes(4);
  });

  it('ends with the error of a refusal that will not change', async () => {
    const events = source(() => Promise.reject(new ApiError('NOT_FOUND', 'Podcast not found', 404)));
    await expect(followPodcast(events, 'p1', { onEvent: () => {}, signal: new AbortController().signal, ...fast })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Podcast not found',
    });
    expect(events.openEvents).toHaveBeenCalledTimes(1);
  });

  it('stops when told, also while it waits to reconnect', async () => {
    const controller = new AbortController();
    const events = source(() => Promise.reject(new ApiError('NETWORK_ERROR', 'offline', 0)));
    const following = followPodcast(events, 'p1', { onEvent: () => {}, signal: controller.signal, reconnectDelaysMs: [60_000] });
    await vi.waitFor(() => expect(events.openEvents).toHaveBeenCalledTimes(1), { timeout: SAFETY_NET_MS });
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(following).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('waits for each event to be applied before reading the next', async () => {
    const events = source(() => openStream(sse(event('writing', 35), event('ready', 100))));
    const order: string[] = [];
    await followPodcast(events, 'p1', {
      onEvent: async (e) => {
        order.push(`start ${e.progress}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`end ${e.progress}`);
      },
      signal: new AbortController().signal,
      ...fast,
    });
    expect(order).toEqual(['start 35', 'end 35', 'start 100', 'end 100']);
  });
});
