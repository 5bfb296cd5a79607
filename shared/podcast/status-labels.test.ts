import { describe, expect, it } from 'vitest';
import { PODCAST_STATUSES } from '../api/podcasts.ts';
import { podcastStatusLabel } from './status-labels.ts';

describe('podcastStatusLabel', () => {
  it.each([
    ['queued', 'Waiting to start'],
    ['writing', 'Writing the script'],
    ['speaking', 'Recording the audio'],
    ['ready', 'Ready to play'],
    ['failed', 'Failed to create podcast'],
  ] as const)('%s reads %j', (status, label) => {
    expect(podcastStatusLabel(status)).toBe(label);
  });

  it('names every status the API has', () => {
    for (const status of PODCAST_STATUSES) expect(podcastStatusLabel(status)).toMatch(/\w/);
  });
});
