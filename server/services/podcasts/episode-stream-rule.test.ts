import { describe, expect, it } from 'vitest';
import type { PodcastRow } from '../../repositories/podcast-repository.ts';
import { hasEpisodeStream } from './events.ts';

const row = (values: Partial<PodcastRow>) => ({ streamKey: 'a'.repeat(32), audioKey: null, madeMs: 4_000, status: 'speaking', ...values }) as PodcastRow;

describe('which podcasts have a stream to play', () => {
  it.each([
    ['an episode being made', row({}), true],
    ['nothing spoken yet', row({ madeMs: 0 }), false],
    ['no episode yet', row({ streamKey: null, madeMs: null }), false],
    ['the finished episode', row({ status: 'ready', audioKey: 'a'.repeat(32) }), true],
    ['an episode that stopped partway', row({ status: 'failed' }), true],
    ['an unfinished episode queued to resume', row({ status: 'queued' }), true],
    // re-voiced: the old episode is the podcast's no more, and the new voice has not spoken
    ['a finished podcast queued for a new voice', row({ status: 'queued', audioKey: 'a'.repeat(32) }), false],
  ])('%s', (_, podcast, expected) => {
    expect(hasEpisodeStream(podcast)).toBe(expected);
  });
});
