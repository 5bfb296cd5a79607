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
