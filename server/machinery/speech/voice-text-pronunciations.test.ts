/**
 * A member's pronunciations in what the voice receives: each spoken form exactly as the member wrote
 * it (the front end neither spells nor expands it), the words around it read as ever, in any language.
 */
import { describe, expect, it } from 'vitest';
import { compilePronunciations } from '../../../shared/text/pronunciations.ts';
import { voiceText } from './voice-text.ts';

const list = compilePronunciations([
  { written: 'Kubernetes', spoken: 'koo-ber-NET-eez' },
  { written: 'Nginx', spoken: 'engine X' },
  { written: 'Saoirse', spoken: 'Seer-sha' },
  { written: 'Gif', spoken: 'Jif', lang: 'en' },
]);

describe('the voice text with a member’s list', () => {
  it('gives the spoken forms as written while the front end reads the rest', async () => {
    expect(await voiceText('Dr. Saoirse moved 3 Kubernetes clusters to Nginx at 10:00.', 'en', undefined, list)).toBe(
      'Doctor Seer-sha moved three koo-ber-NET-eez clusters to engine X at ten o\'clock.',
    );
  });

  it('keeps an entry of another language out', async () => {
    expect(await voiceText('Ein Gif mit Nginx.', 'de', undefined, list)).toBe('Ein Gif mit engine X.');
    expect(await voiceText('A Gif of Nginx.', 'en', undefined, list)).toBe('A Jif of engine X.');
  });

  it('reads a Japanese sentence with the spoken form in it', async () => {
    const japanese = compilePronunciations([{ written: 'Nginx', spoken: 'エンジンエックス' }]);
    // the Japanese reader sets Latin letters (the stand-in) apart with a space, which the voice ignores
    expect(await voiceText('Nginxを使います。', 'ja', undefined, japanese)).toBe('エンジンエックス をつかいます。');
  });

  it('reads a text that happens to hold the stand-in word with the spoken forms put in first', async () => {
    expect(await voiceText('Nginx and pcxqa.', 'en', undefined, list)).toBe('engine X and pcxqa.');
  });

  it('is the front end alone without a list', async () => {
    expect(await voiceText('Nginx at 10:00.', 'en')).toBe("Nginx at ten o'clock.");
  });
});
