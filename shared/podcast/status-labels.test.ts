import { describe, expect, it } from 'vitest';
import { PODCAST_STATUSES } from '../api/podcasts.ts';
import { AI_FALLBACK_LABEL, howMadeLabel, NO_SCRIPT_WRITER_REASON, podcastStatusLabel } from './status-labels.ts';

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

describe('howMadeLabel', () => {
  it.each([
    ['read mode', 'read', null, 'Read from the article, word for word'],
    ['the AI wrote it all', 'podcast', null, 'Script written by AI from the article'],
    ['no AI configured', 'brief', NO_SCRIPT_WRITER_REASON, 'No AI model on this server: read from the article'],
    [
      'a refused key',
      'brief',
      'The AI service refused the API key (HTTP 401)',
      "The AI refused this server's API key: read from the article",
    ],
    ['the AI down (both requests)', 'podcast', 'The AI service could not be reached', AI_FALLBACK_LABEL],
    ['the AI down (the script only)', 'podcast', 'Script: The AI service had an internal error (HTTP 500).', AI_FALLBACK_LABEL],
    [
      'too little, made up from the article',
      'podcast',
      'The AI wrote less than the length asked; 885 words were read from the article to make it up.',
      'Written by AI, which wrote less than asked: 885 words read from the article make up the length',
    ],
    ['the title alone failed', 'podcast', 'Title: The AI service had an internal error (HTTP 500).', 'Script written by AI from the article'],
    ['cut short', 'podcast', 'The script was cut short: The connection to the AI service broke off.', 'The AI stopped partway: the episode ends early'],
  ] as const)('%s', (_, mode, fallbackReason, label) => {
    expect(howMadeLabel({ mode, fallbackReason })).toBe(label);
  });
});
