/**
 * Each rule that makes a PDF's text read as a newsreader reads it, on small PDFs drawn by hand
 * (server/test/pdf-document.ts): words broken at a line's end rejoined and compounds kept (in the
 * title, headings and text), a sentence carried on across a column or page break past what stands in
 * its way (a running header on later pages only, a page label, a table), a subsection's heading set
 * a little larger, and tables read row by row with their column names.
 */
import { describe, expect, it } from 'vitest';
import { writePdf, textWidth, type PdfText } from '../../test/pdf-document.ts';
import { readScript } from '../script/read-script.ts';
import { extractPdf } from './extract-pdf.ts';
import { joinLines, vocabularyOf } from './pdf-words.ts';

/** Lines of body text from (72, y) down, 14 points apart, at 11 points. */
const body = (texts: string[], y = 700, x = 72): PdfText[] => texts.map((text, i) => ({ text, x, y: y - i * 14, size: 11 }));

describe('words broken at a line end', () => {
  it('rejoins a title and a heading broken by the hyphen, and keeps a compound broken at its own', async () => {
    const pdf = writePdf([
      {
        texts: [
          { text: 'Inter-', x: 72, y: 720, size: 20, bold: true },
          { text: 'national Trade in Grain', x: 72, y: 696, size: 20, bold: true },
          { text: 'A Supply and De-', x: 72, y: 660, size: 14, bold: true },
          { text: 'mand Story', x: 72, y: 642, size: 14, bold: true },
          ...body(['Prices rose for a well-', 'known reason, and then some-', 'thing else followed: a self-', 'driving truck, for one.'], 620),
          { text: 'The Well-', x: 72, y: 540, size: 14, bold: true },
          { text: 'Known Buyers', x: 72, y: 522, size: 14, bold: true },
          ...body(['Some of the buyers came from the north, and the thing they wanted was grain.'], 500),
        ],
      },
    ]);
    const article = await extractPdf(pdf);
    expect(article.title).toBe('International Trade in Grain');
    expect(article.text.split('\n')).toEqual([
      'A Supply and Demand Story',
      'Prices rose for a well-known reason, and then something else followed: a self-driving truck, for one.',
      'The Well-Known Buyers',
      'Some of the buyers came from the north, and the thing they wanted was grain.',
    ]);
    expect(article.lines).toBe('hphp');
  });

  it('lets the document say how it writes a word before the dictionary does', () => {
    const vocabulary = vocabularyOf(['The co-op opened at noon.', 'A coop for hens stood there.', 'We met the data-base team.'], (word) => ['coop', 'database'].includes(word));
    expect(joinLines('a new co-', 'op for the town', vocabulary)).toBe('a new co-op for the town');
    expect(joinLines('the data-', 'base team', vocabulary)).toBe('the data-base team');
    expect(joinLines('the Bundes-', 'regierung sagt', vocabulary)).toBe('the Bundesregierung sagt');
    expect(joinLines('die EU-', 'Kommission sagt', vocabulary)).toBe('die EU-Kommission sagt');
    expect(joinLines('the war of 1914-', '18 ended', vocabulary)).toBe('the war of 1914-18 ended');
    expect(joinLines('THE INTER-', 'NATIONAL DESK', vocabularyOf([], (word) => word === 'international'))).toBe('THE INTERNATIONAL DESK');
  });
});

describe('a sentence across a break', () => {
  const left = 72;
  const right = 320;
  it('goes on across a column and a page, past a header only later pages carry and a page label', async () => {
    const pdf = writePdf([
      {
        texts: [
          ...body(['The first column tells how the town', 'grew over the years, and the last line', 'of this column stops in the'], 700, left),
          ...body(['middle of a sentence that the second', 'column finishes. The buyers then met', 'at the market on a day in Nov.'], 700, right),
          { text: 'Page 1 of 2', x: 280, y: 40, size: 8 },
        ],
      },
      {
        texts: [
          { text: 'Journal of Spoken Grain', x: 72, y: 760, size: 8 },
          ...body(['19 to agree a price, and the town', 'kept on growing for years after that,', 'as its people had hoped it would.'], 700, left),
          ...body(['A second paragraph opens here and', 'runs on for a while in this column', 'until it ends at its third line.'], 700, right),
          { text: 'Page 2 of 2', x: 280, y: 40, size: 8 },
        ],
      },
    ]);
    const article = await extractPdf(pdf);
    expect(article.text.split('\n')).toEqual([
      'The first column tells how the town grew over the years, and the last line of this column stops in the middle of a sentence that the second column finishes. The buyers then met at the market on a day in Nov. 19 to agree a price, and the town kept on growing for years after that, as its people had hoped it would.',
      'A second paragraph opens here and runs on for a while in this column until it ends at its third line.',
    ]);
  });

  it('goes on after a table and its caption set at the top of the next column', async () => {
    const pdf = writePdf([
      {
        texts: [
          ...body(['The harvest was larger than in any', 'year before that one, and all the', 'prices that the grain and the beans'], 700, left),
          { text: 'Table 1. Harvest by year.', x: right, y: 700, size: 11 },
          ...(
            [
              ['Year', 'Tons'],
              ['2022', '410'],
              ['2023', '455'],
            ] as const
          ).flatMap(([year, tons], i) => [
            { text: year, x: right, y: 680 - i * 14, size: 11 },
            { text: tons, x: right + 80 - textWidth(tons, 11), y: 680 - i * 14, size: 11 },
          ]),
          ...body(['fetched fell by a tenth as a result.', 'The farmers were not pleased with it', 'and said so at the meeting in town.'], 620, right),
        ],
      },
    ]);
    const article = await extractPdf(pdf);
    expect(article.text.split('\n')).toEqual([
      'The harvest was larger than in any year before that one, and all the prices that the grain and the beans fetched fell by a tenth as a result. The farmers were not pleased with it and said so at the meeting in town.',
      'Table 1. Harvest by year.',
      'Year\tTons',
      '2022\t410',
      '2023\t455',
    ]);
    expect(article.lines).toBe('pntdd');
  });
});

it('makes a short line set a little larger than the text a heading', async () => {
  const pdf = writePdf([{ texts: [...body(['An opening paragraph of the text.'], 700), { text: 'What the buyers said', x: 72, y: 670, size: 12 }, ...body(['They said little.'], 650)] }]);
  const article = await extractPdf(pdf);
  expect(article.lines).toBe('php');
});

describe('tables', () => {
  /** A table's rows drawn cell by cell: words set left, numbers set right in their column. */
  const table = (rows: string[][], widths: number[], y = 660): PdfText[] =>
    rows.flatMap((row, r) =>
      row.flatMap((cell, c) => {
        const x = 72 + widths.slice(0, c).reduce((sum, width) => sum + width + 16, 0);
        const numeric = /^[\d,.$%+-]+$/.test(cell);
        return cell ? [{ text: cell, x: numeric ? x + widths[c]! - textWidth(cell, 10) : x, y: y - r * 13, size: 10 }] : [];
      }),
    );

  it('reads each row with its column names, as an HTML table is read', async () => {
    const pdf = writePdf([
      {
        texts: [
          ...body(['Passengers grew at every airport.'], 700),
          { text: 'Table 2: Passengers by airport.', x: 72, y: 680, size: 10 },
          ...table(
            [
              ['Airport', 'Passengers', 'Change'],
              ['Heathrow', '80,884', '+1.0%'],
              ['Gatwick', '46,574', '+1.1%'],
            ],
            [80, 70, 50],
          ),
          ...body(['Growth slowed in the winter.'], 600),
        ],
      },
    ]);
    const article = await extractPdf(pdf);
    expect(article.text.split('\n')).toEqual([
      'Passengers grew at every airport.',
      'Table 2: Passengers by airport.',
      'Airport\tPassengers\tChange',
      'Heathrow\t80,884\t+1.0%',
      'Gatwick\t46,574\t+1.1%',
      'Growth slowed in the winter.',
    ]);
    const script = readScript({ title: 'Airports', text: article.text, lines: article.lines, byline: null, language: 'en' }).map((sentence) => sentence.text);
    expect(script).toEqual(
      expect.arrayContaining(['Table 2: Passengers by airport.', 'Airport: Heathrow.', 'Passengers: 80,884.', 'Change: +1.0%.', 'Airport: Gatwick.']),
    );
  });

  it('keeps a cell wrapped onto the next lines in its cell, and reads rows without a header as lists', async () => {
    const pdf = writePdf([
      {
        texts: [
          ...table(
            [
              ['City', 'Where it was sold', 'Monday'],
              ['Dallas', 'At the box office and', '1,204'],
              ['', 'through the website', ''],
              ['Denver', 'Online only', '877'],
            ],
            [60, 110, 50],
          ),
          ...table(
            [
              ['2021', '14.2', '15.0'],
              ['2022', '15.3', '16.4'],
              ['2023', '16.0', '17.2'],
            ],
            [40, 40, 40],
            560,
          ),
        ],
      },
    ]);
    const article = await extractPdf(pdf);
    expect(article.text.split('\n')).toEqual([
      'City\tWhere it was sold\tMonday',
      'Dallas\tAt the box office and through the website\t1,204',
      'Denver\tOnline only\t877',
      '2021, 14.2, 15.0',
      '2022, 15.3, 16.4',
      '2023, 16.0, 17.2',
    ]);
    expect(article.lines).toBe('tddrrr');
  });
});

it("skips a paper's affiliations and e-mail lines and heads an abstract run into its paragraph (Abstract: We…)", async () => {
  const pdf = writePdf([
    {
      texts: [
        { text: 'Walking in Small Towns', x: 72, y: 720, size: 20, bold: true },
        { text: 'Ann Lee and Bo Chan', x: 72, y: 690, size: 11 },
        { text: 'Institute of Transport Studies', x: 72, y: 676, size: 11 },
        { text: 'Leeds, United Kingdom', x: 72, y: 662, size: 11 },
        { text: 'Email: {ann.lee, bo.chan}@leeds.ac.uk', x: 72, y: 648, size: 11 },
        ...body(['Abstract: We measured how far people walk to the shops in', 'twelve towns. Most trips were short.'], 610),
        ...body(['The planners wanted a rule of thumb for their plans.'], 570),
      ],
    },
  ]);
  const article = await extractPdf(pdf);
  expect(article.byline).toBe('Ann Lee and Bo Chan');
  expect(article.text.split('\n')).toEqual([
    'Abstract',
    'We measured how far people walk to the shops in twelve towns. Most trips were short.',
    'The planners wanted a rule of thumb for their plans.',
  ]);
  expect(article.lines).toBe('hpp');
});
