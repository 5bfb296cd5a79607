import { describe, expect, it } from 'vitest';
import { ALL_FORBIDDEN, forbiddenIn, wordsOf } from '../../test/forbidden-characters.ts';
import { parseVtt } from '../../test/vtt.ts';
import { buildTranscript, renderChaptersJson, renderHtml, renderText, renderVtt, vttTime } from './transcript.ts';

const cue = (index: number, startMs: number, endMs: number, text: string, extra: object = {}) => ({ index, startMs, endMs, text, paragraph: 0, ...extra });

describe('the transcript made from stored cues', () => {
  it('names the first chapter after the title when the first cue starts none', () => {
    const t = buildTranscript({
      title: 'Tides',
      cues: [cue(0, 100, 900, 'Hello.'), cue(1, 1200, 2000, 'Part two.', { chapter: 'Low tide' }), cue(2, 2300, 3000, 'End.')],
      audioMs: 3400,
      complete: true,
    });
    expect(t.chapters).toEqual([
      { title: 'Tides', startMs: 0, endMs: 1200 },
      { title: 'Low tide', startMs: 1200, endMs: 3400 },
    ]);
  });

  it('keeps one cue per sentence, in order, even when a resumed run stored one twice', () => {
    const t = buildTranscript({ title: 'x', cues: [cue(1, 1000, 1500, 'B.'), cue(0, 0, 800, 'A.'), cue(1, 1000, 1500, 'B.')], audioMs: 1600, complete: false });
    expect(t.cues.map((c) => c.text)).toEqual(['A.', 'B.']);
    expect(t.complete).toBe(false);
  });

  it('writes WebVTT a strict reader takes, whatever the text holds', () => {
    const t = buildTranscript({
      title: 'x',
      cues: [cue(0, 0, 1000, 'a --> b & <c>', { speaker: 'Ann <host>' }), cue(1, 3_723_004, 3_724_000, 'line\n\nbreak')],
      audioMs: 3_725_000,
      complete: true,
    });
    expect(vttTime(3_723_004)).toBe('01:02:03.004');
    const cues = parseVtt(renderVtt(t));
    // Escaped in the file ("--&gt;", "&amp;", "&lt;"), the same text once read.
    expect(cues.map((c) => c.text)).toEqual(['a --> b & <c>', 'line break']);
    expect(cues[0]!.voice).toBe('Ann &lt;host&gt;');
    expect(cues[1]!.startMs).toBe(3_723_004);
  });

  it('shows a code block read mode announced after its sentence, in the text and HTML, never as a spoken cue', () => {
    const code = 'if (res instanceof Response) {\n  return res.ok && 1 < 2;\n}';
    const t = buildTranscript({
      title: 'Fetch',
      cues: [
        cue(0, 0, 900, 'Check the answer.'),
        cue(1, 1200, 3000, 'A code example of 3 lines follows in the article.', { shown: code }),
        cue(2, 3300, 4000, 'Then it is done.'),
      ],
      audioMs: 4200,
      complete: true,
    });
    expect(t.cues[1]).toMatchObject({ text: 'A code example of 3 lines follows in the article.', shown: code });
    expect(t.cues.filter((c) => c.shown)).toHaveLength(1);
    expect(renderText('Fetch', t)).toBe(`Fetch\n\nCheck the answer. A code example of 3 lines follows in the article.\n\n${code}\n\nThen it is done.\n`);
    expect(renderHtml('Fetch', t)).toContain(
      '<p>Check the answer. A code example of 3 lines follows in the article.</p>\n<pre>if (res instanceof Response) {\n  return res.ok &amp;&amp; 1 &lt; 2;\n}</pre>\n<p>Then it is done.</p>',
    );
    // Captions are what is heard.
    expect(parseVtt(renderVtt(t)).map((c) => c.text)).toEqual(['Check the answer.', 'A code example of 3 lines follows in the article.', 'Then it is done.']);
  });

  it('writes plain text with chapter headings and speakers, and chapters JSON in seconds', () => {
    const t = buildTranscript({
      title: 'Talk',
      cues: [cue(0, 0, 900, 'Hi.', { speaker: 'Ann', chapter: 'Start' }), cue(1, 1000, 1900, 'Hello.', { speaker: 'Bo' })],
      audioMs: 2000,
      complete: true,
    });
    expect(renderText('Talk', t)).toBe('Talk\n\n## Start\n\nAnn: Hi.\n\nBo: Hello.\n');
    expect(JSON.parse(renderChaptersJson('Talk', t.chapters))).toEqual({ version: '1.2.0', title: 'Talk', chapters: [{ startTime: 0, endTime: 2, title: 'Start' }] });
  });

  it('leaves out the characters no document may hold, unpaired surrogates included, and keeps the words', () => {
    const X = ALL_FORBIDDEN;
    const t = buildTranscript({
      title: `Tides${X} log`,
      cues: [cue(0, 0, 900, `Low${X} water.`, { speaker: `Ann${X} Lee`, chapter: `Ebb${X} tide` })],
      audioMs: 1000,
      complete: true,
    });
    const [vtt, text, html] = [renderVtt(t), renderText(`Tides${X} log`, t), renderHtml(`Tides${X} log`, t)];
    expect([vtt, text, html].map(forbiddenIn)).toEqual([[], [], []]);
    expect(parseVtt(vtt).map((c) => [wordsOf(c.voice!), wordsOf(c.text)])).toEqual([['Ann Lee', 'Low water.']]);
    expect(wordsOf(text)).toBe('Tides log ## Ebb tide Ann Lee: Low water.');
    expect(wordsOf(html)).toContain('<h2>Ebb tide</h2> <p><cite>Ann Lee</cite>: Low water.</p>');
  });
});
