import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../test/mp3.ts';
import { probe } from '../../test/podcast-apps.ts';
import { id3Tag, id3TagSize } from './id3-chapters.ts';
import { createMp3Encoder } from './mp3-encoder.ts';

async function toneMp3(seconds: number, sampleRate = 24_000): Promise<Uint8Array> {
  const pcm = Int16Array.from({ length: seconds * sampleRate }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 330 * i) / sampleRate)));
  const encoder = await createMp3Encoder({ sampleRate });
  return new Uint8Array(Buffer.concat([encoder.encode(pcm), encoder.finish()]));
}

describe('the ID3 chapter tag in front of an episode', () => {
  it('names the title and chapters ffprobe lists, in any script, and leaves the audio whole', async () => {
    const audio = await toneMp3(6);
    const tag = id3Tag({
      title: 'Über das Meer: 海',
      artist: 'Pagecast',
      durationMs: 6000,
      chapters: [
        { title: 'Leaving port', startMs: 0, endMs: 2500 },
        { title: 'Ça va «loin»', startMs: 2500, endMs: 4000 },
        { title: 'Home ⚓', startMs: 4000, endMs: 6000 },
      ],
    });
    expect(id3TagSize(tag)).toBe(tag.length);
    const file = new Uint8Array(Buffer.concat([tag, audio]));

    const probed = await probe('episode.mp3', file);
    expect(probed.format.format_name).toBe('mp3');
    expect(probed.format.tags).toMatchObject({ title: 'Über das Meer: 海', artist: 'Pagecast' });
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['mp3']);
    expect(probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title])).toEqual([
      [0, 2.5, 'Leaving port'],
      [2.5, 4, 'Ça va «loin»'],
      [4, 6, 'Home ⚓'],
    ]);
    // A decoder skips the tag: the same audio, no errors.
    const withTag = await decodeMp3(file);
    const without = await decodeMp3(audio);
    expect(withTag.errors).toBe(0);
    expect(withTag.durationMs).toBe(without.durationMs);
  });

  it('writes no chapter table when there are no chapters, and finds no tag where there is none', async () => {
    const tag = id3Tag({ title: 'Plain', artist: 'Pagecast', durationMs: 1000, chapters: [] });
    expect(Buffer.from(tag).includes(Buffer.from('CTOC'))).toBe(false);
    expect(id3TagSize(await toneMp3(1))).toBe(0);
    const probed = await probe('plain.mp3', new Uint8Array(Buffer.concat([tag, await toneMp3(1)])));
    expect(probed.chapters).toEqual([]);
    expect(probed.format.tags?.title).toBe('Plain');
  });
});
