import { describe, expect, it, vi } from 'vitest';
import { createPodcastEvents, type PodcastChange } from './events.ts';

const change = (over: Partial<PodcastChange> = {}): PodcastChange => ({
  id: 'p1',
  status: 'speaking',
  progress: 40,
  title: 'The Harbour',
  error: null,
  hasAudio: false,
  hasStream: true,
  madeMs: 4000,
  fallbackReason: null,
  estimatedMs: 60_000,
  durationMs: null,
  ...over,
});

/** Two processes' events joined by a relay that delivers to both, as NOTIFY does (the sender hears itself too). */
function twoProcesses() {
  const sent: string[] = [];
  const relay = {
    send: (payload: string) => {
      sent.push(payload);
      for (const events of all) events.receive(payload);
    },
    close: async () => {},
  };
  const all = [createPodcastEvents(relay), createPodcastEvents(relay)];
  return { a: all[0]!, b: all[1]!, sent };
}

describe('podcast events', () => {
  it('tells watchers in another process through the relay, and this process’s once', () => {
    const { a, b, sent } = twoProcesses();
    const inA = vi.fn();
    const inB = vi.fn();
    a.subscribe('p1', inA);
    b.subscribe('p1', inB);
    a.publish(change());
    expect(sent).toHaveLength(1);
    expect(inA).toHaveBeenCalledTimes(1);
    expect(inB).toHaveBeenCalledTimes(1);
    expect(inB).toHaveBeenCalledWith(change());
  });

  it('ignores payloads that are not a change, and keeps a long one under PostgreSQL’s NOTIFY limit', () => {
    const { a, b, sent } = twoProcesses();
    const inB = vi.fn();
    b.subscribe('p1', inB);
    b.receive('not json');
    b.receive(JSON.stringify({ from: 'x' }));
    expect(inB).not.toHaveBeenCalled();
    a.publish(change({ title: 'T'.repeat(5000), error: 'E'.repeat(5000) }));
    expect(Buffer.byteLength(sent[0]!)).toBeLessThan(8000);
    expect(inB).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1', progress: 40 }));
  });

  it('ends watchers that subscribe after the shutdown began at once', async () => {
    const events = createPodcastEvents();
    const before = vi.fn();
    events.onClose(before);
    events.closeAll();
    expect(before).toHaveBeenCalledTimes(1);
    const after = vi.fn();
    events.onClose(after);
    await Promise.resolve();
    expect(after).toHaveBeenCalledTimes(1);
  });
});
