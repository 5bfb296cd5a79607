import { describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '../../../../../shared/errors.ts';
import { downloadFileName, downloadRefusal } from './download.ts';

describe('downloadRefusal', () => {
  it.each([
    [{ isPremium: false, audioUrl: '/audio/1.mp3' }, DOWNLOAD_MESSAGES.premiumRequired],
    [{ isPremium: false, audioUrl: null }, DOWNLOAD_MESSAGES.premiumRequired],
    [{ isPremium: true, audioUrl: null }, DOWNLOAD_MESSAGES.audioRequired],
    [{ isPremium: true, audioUrl: '' }, DOWNLOAD_MESSAGES.audioRequired],
    [{ isPremium: true, audioUrl: '/audio/1.mp3' }, null],
  ])('%j → %s', (input, expected) => {
    expect(downloadRefusal(input)).toBe(expected);
  });
});

describe('downloadFileName', () => {
  it.each([
    ['How Bees Talk', 'How Bees Talk.mp3'],
    ['What is AI?', 'What is AI.mp3'],
    ['A/B testing: a guide', 'AB testing a guide.mp3'],
    ['  spaced   out  ', 'spaced out.mp3'],
    ['Ends with dots...', 'Ends with dots.mp3'],
    ['', 'podcast.mp3'],
    ['???', 'podcast.mp3'],
  ])('%j is saved as %j', (title, expected) => {
    expect(downloadFileName(title)).toBe(expected);
  });
});
