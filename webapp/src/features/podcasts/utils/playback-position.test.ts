import { describe, expect, it } from 'vitest';
import { createPositionSaver } from './playback-position.ts';

describe('createPositionSaver', () => {
  function setup(saved: number | null = null) {
    let clock = 0;
    const saves: Array<[number, boolean]> = [];
    const saver = createPositionSaver({
      save: (seconds, { keepalive }) => saves.push([seconds, keepalive]),
      saved,
      intervalMs: 10_000,
      now: () => clock,
    });
    return { saver, saves, tick: (ms: number) => (clock += ms) };
  }

  it('saves at most once every ten seconds while playing', () => {
    const { saver, saves, tick } = setup();
    for (let s = 1; s <= 25; s++) {
      tick(1000);
      saver.update(s);
    }
    expect(saves).toEqual([
      [10, false],
      [20, false],
    ]);
  });

  it('saves the position a pause leaves at once, and not twice', () => {
    const { saver, saves, tick } = setup();
    tick(3000);
    saver.update(3.26);
    saver.flush();
    saver.flush();
    expect(saves).toEqual([[3.3, false]]);
  });

  it('sends the last save as the page goes away with keepalive', () => {
    const { saver, saves, tick } = setup();
    tick(2000);
    saver.update(2);
    saver.flush({ keepalive: true });
    expect(saves).toEqual([[2, true]]);
  });

  it('does not send the position the server already has', () => {
    const { saver, saves, tick } = setup(40);
    tick(20_000);
    saver.update(40.4);
    saver.flush();
    expect(saves).toEqual([]);
    saver.update(12);
    expect(saves).toEqual([[12, false]]);
  });

  it('ignores a clock that is not a number', () => {
    const { saver, saves, tick } = setup();
    tick(20_000);
    saver.update(Number.NaN);
    saver.flush();
    expect(saves).toEqual([]);
  });
});
