import { describe, expect, it } from 'vitest';
import { readScript } from './read-script.ts';

/** The title and byline lines read mode opens with. */
const opening = (byline: string, language?: string) =>
  readScript({ title: 'Der Titel', text: 'Ein Absatz.', lines: 'p', byline, ...(language ? { language } : {}) })
    .slice(0, 2)
    .map((s) => s.text);

describe('read mode: title and byline in the article’s language', () => {
  it.each([
    ['en', 'Jane Doe', 'By Jane Doe.'],
    ['de', 'Anna Schmidt', 'Von Anna Schmidt.'],
    ['fr', 'Marie Dupont', 'Par Marie Dupont.'],
    ['es', 'Ana García', 'Por Ana García.'],
    ['ja', '山田太郎', '山田太郎.'],
  ])('in %s, the byline %s is read as %s', (language, byline, line) => {
    expect(opening(byline, language)).toEqual(['Der Titel.', line]);
  });

  it('keeps a byline that already says so, and reads English when the language is unknown', () => {
    expect(opening('Von Anna Schmidt', 'de')[1]).toBe('Von Anna Schmidt.');
    expect(opening('By Jane Doe', 'de')[1]).toBe('By Jane Doe.');
    expect(opening('Jane Doe')[1]).toBe('By Jane Doe.');
  });

  it('reads a byline that names each role role by role, with no "By" before it', () => {
    const credits = (byline: string) => readScript({ title: 'The Title', text: 'A paragraph.', lines: 'p', byline, language: 'en' }).map((s) => s.text).slice(1, -1);
    expect(credits('Written by Ann Lee Edited by Tom Roe')).toEqual(['Written by Ann Lee.', 'Edited by Tom Roe.']);
    expect(credits('By Written by Ann LeeEdited by Tom Roe')).toEqual(['Written by Ann Lee.', 'Edited by Tom Roe.']);
    expect(credits('Reporting by Ann Lee, photos by Tom Roe')).toEqual(['Reporting by Ann Lee, photos by Tom Roe.']);
  });
});

describe('read mode: the byline once, and no labels of reading time', () => {
  const said = (text: string, byline: string | null) => readScript({ title: 'The Flood', text, lines: null, byline, language: 'en' }).map((s) => s.text);

  it.each([
    ['By Jane Doe'],
    ['Jane Doe'],
    ['By JANE DOE, Staff Writer'],
    ['Jane Doe · March 3, 2024 · 5 min read'],
  ])('a visible byline %s at the top is not read after the spoken one', (line) => {
    const sentences = said(`${line}\nThe river rose through the night.`, 'Jane Doe');
    expect(sentences.filter((s) => /jane doe/i.test(s))).toEqual(['By Jane Doe.']);
    expect(sentences).toContain('The river rose through the night.');
  });

  it('still reads a paragraph that names the author, and a byline line far into the text', () => {
    const sentences = said('Jane Doe walked to the river at dawn and saw the water rise.\nThe river rose.', 'Jane Doe');
    expect(sentences).toContain('Jane Doe walked to the river at dawn and saw the water rise.');
  });

  it.each(['5 min read', '12 minute read', 'Updated 3 hours ago', '2 days ago', 'Reading time: 7 minutes', 'il y a 3 heures'])('never reads the label %s', (label) => {
    const sentences = said(`A first teaser about the harbour.\n${label}\nA second teaser about the bridge.`, null);
    expect(sentences).toEqual(['The Flood.', 'A first teaser about the harbour.', 'A second teaser about the bridge.']);
  });
});

describe('read mode: numbered headings', () => {
  const read = (lines: string[], kinds: string, language = 'en') =>
    readScript({ title: 'The Paper', text: lines.join('\n'), lines: kinds, byline: null, language }).slice(1);

  it('says a section’s number as a section and leaves a subsection’s to the chapter, never as a decimal', () => {
    const script = read(['1. Methods', 'We counted.', '1.1 Data', 'We kept it.', 'II. Results', 'It grew.', '3 Outlook', 'It will grow.'], 'hphphphp');
    expect(script.filter((sentence) => sentence.chapter).map((sentence) => [sentence.text, sentence.chapter])).toEqual([
      ['Section 1: Methods.', '1. Methods'],
      ['Data.', '1.1 Data'],
      ['Section 2: Results.', 'II. Results'],
      ['Section 3: Outlook.', '3 Outlook'],
    ]);
    expect(read(['1. Methode', 'Wir zählten.', '2. Ergebnis', 'Es wuchs.'], 'hphp', 'de').map((sentence) => sentence.text)).toEqual([
      'Abschnitt 1: Methode.',
      'Wir zählten.',
      'Abschnitt 2: Ergebnis.',
      'Es wuchs.',
    ]);
  });

  it('keeps a number that starts a lone heading, as in "10 Things to Know"', () => {
    expect(read(['10 Things to Know', 'Here they are.'], 'hp').map((sentence) => sentence.text)).toEqual(['10 Things to Know.', 'Here they are.']);
  });
});
