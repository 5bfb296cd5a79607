import { describe, expect, it } from 'vitest';
import { PLAYBACK_RATES } from '../constants.ts';
import { formatPlaybackRate, stepPlaybackRate, toPlaybackRate } from './playback-rate.ts';
import { PLAYER_SHORTCUTS_TEXT, playerKeyAction } from './player-keys.ts';
import { addToQueue, advanceQueue, playNext, removeFromQueue } from './queue.ts';

describe('playback speed', () => {
  it('steps through the offered speeds and stays at the ends', () => {
    expect(stepPlaybackRate(1, 1)).toBe(1.25);
    expect(stepPlaybackRate(1, -1)).toBe(0.75);
    expect(stepPlaybackRate(3, 1)).toBe(3);
    expect(stepPlaybackRate(0.5, -1)).toBe(0.5);
    expect(stepPlaybackRate(1.1, 1)).toBe(1.25);
    expect(PLAYBACK_RATES[0]).toBe(0.5);
    expect(PLAYBACK_RATES.at(-1)).toBe(3);
  });

  it('reads a stored value as an offered speed, else 1×', () => {
    expect(toPlaybackRate(1.5)).toBe(1.5);
    expect(toPlaybackRate(1.1)).toBe(1);
    expect(toPlaybackRate('2')).toBe(1);
    expect(toPlaybackRate(null)).toBe(1);
    expect(formatPlaybackRate(1.25)).toBe('1.25×');
  });
});

describe('keyboard shortcuts', () => {
  it('maps space, K, the arrows, J, L and Shift+< / Shift+>', () => {
    expect(playerKeyAction({ key: ' ' })).toEqual({ kind: 'toggle' });
    expect(playerKeyAction({ key: 'k' })).toEqual({ kind: 'toggle' });
    expect(playerKeyAction({ key: 'ArrowLeft' })).toEqual({ kind: 'seekBy', seconds: -5 });
    expect(playerKeyAction({ key: 'ArrowRight' })).toEqual({ kind: 'seekBy', seconds: 5 });
    expect(playerKeyAction({ key: 'j' })).toEqual({ kind: 'seekBy', seconds: -15 });
    expect(playerKeyAction({ key: 'L', shiftKey: true })).toEqual({ kind: 'seekBy', seconds: 30 });
    expect(playerKeyAction({ key: '<', shiftKey: true })).toEqual({ kind: 'rate', direction: -1 });
    expect(playerKeyAction({ key: '>', shiftKey: true })).toEqual({ kind: 'rate', direction: 1 });
  });

  it('leaves other keys and modified ones alone', () => {
    expect(playerKeyAction({ key: 'a' })).toBeNull();
    expect(playerKeyAction({ key: 'k', ctrlKey: true })).toBeNull();
    expect(playerKeyAction({ key: ' ', metaKey: true })).toBeNull();
    expect(playerKeyAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
  });

  it('announces every shortcut in the help', () => {
    for (const key of ['Space', 'K', '←', '→', 'J', 'L', 'Shift+<', 'Shift+>']) expect(PLAYER_SHORTCUTS_TEXT).toContain(key);
  });
});

describe('the queue', () => {
  it('plays next first, adds last, and holds a podcast once', () => {
    expect(playNext(['a', 'b'], 'c')).toEqual(['c', 'a', 'b']);
    expect(playNext(['a', 'b'], 'b')).toEqual(['b', 'a']);
    expect(addToQueue(['a'], 'b')).toEqual(['a', 'b']);
    expect(addToQueue(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(removeFromQueue(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('advances to the next unplayed podcast that can play', () => {
    const podcasts = [
      { id: 'done', playedAt: null, playable: true },
      { id: 'heard', playedAt: '2026-01-01T00:00:00Z', playable: true },
      { id: 'making', playedAt: null, playable: false },
      { id: 'next', playedAt: null, playable: true },
      { id: 'later', playedAt: null, playable: true },
    ];
    expect(advanceQueue(['done', 'heard', 'gone', 'making', 'next', 'later'], 'done', podcasts)).toEqual({
      next: 'next',
      queue: ['making', 'later'],
    });
    expect(advanceQueue(['making'], 'done', podcasts)).toEqual({ next: null, queue: ['making'] });
    expect(advanceQueue([], 'done', podcasts)).toEqual({ next: null, queue: [] });
  });
});
