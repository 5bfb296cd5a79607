import { describe, expect, it } from 'vitest';
import { readJapanese } from './japanese-reading.ts';

describe('readJapanese', () => {
  it.each([
    ['東京都の人口は約1400万人です。', 'とうきょうとのじんこうわやく1400まんにんです。'],
    ['今日は良い天気ですね。', 'きょうわよいてんきですね。'],
    ['私はコーヒーを飲みます。', 'わたしわコーヒーをのみます。'],
    ['新しいiPhoneを買った。', 'あたらしいiPhoneをかった。'],
    ['駅へ行きます。', 'えきえいきます。'],
  ])('reads %s as kana', async (written, heard) => {
    expect(await readJapanese(written)).toBe(heard);
  });

  it('reads the particle は in kana-only text as said, and leaves other text as it is', async () => {
    expect(await readJapanese('これはペンです。')).toBe('これわペンです。');
    expect(await readJapanese('カタカナ、Plain English, 42.')).toBe('カタカナ、Plain English, 42.');
  });
});
