/**
 * The extractive answer's ranking on articles written for it: a date, a sum, a name, a definition,
 * and questions the article does not answer, each on both sides of the threshold. The tie between
 * equal passages goes to the one just heard.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_COVERAGE, articleSentences, passageSources, questionKind, rankPassages } from './rank-passages.ts';

const HARBOUR = [
  'The Old Harbour of Kettleby',
  'The harbour at Kettleby was opened on 14 May 1891, after nine years of building.',
  'Its stone pier was designed by the engineer Margaret Ellison, who had worked on the docks at Leith.',
  'The building cost £48,000 in all: the town paid £30,000 and a loan from the county covered the remaining £18,000.',
  'A breakwater is a wall built out into the sea to shelter a harbour from the waves. The one at Kettleby runs for 400 metres.',
  'Today about thirty fishing boats use the harbour, and in summer the quay is full of visitors.',
  'The fishermen say the catch of herring has fallen every year since the 1970s.',
].join('\n');

const ORCHARD = [
  'Saving the Apple Orchards of the Vale',
  'The Vale Orchard Trust was founded in 2009 by a group of growers worried about old trees being grubbed up.',
  'Its chair, Dev Okafor, says the trust has now replanted 212 varieties that had almost vanished from the county.',
  'Grafting means joining a cutting from one tree onto the roots of another, so that the new tree bears the same fruit as the old.',
  'Last year the trust spent £12,500 on new rootstock and £3,000 on fencing against deer.',
  'Volunteers meet on the first Saturday of every month to prune, graft and pick.',
  'Cider made from the rescued apples is sold at the village shop.',
].join('\n');

const answerText = (question: string, text: string, heardParagraph?: number) => {
  const ranking = rankPassages({ question, text, language: 'en', ...(heardParagraph !== undefined ? { heardParagraph } : {}) });
  return { ...ranking, text: ranking.passages[0]?.sentences.map((s) => s.text).join(' ') ?? '' };
};

describe('the ranking, on the article it was written with', () => {
  it.each([
    ['When did the harbour open?', /14 May 1891/],
    ['How much did building the harbour cost?', /£48,000/],
    ['Who designed the pier?', /Margaret Ellison/],
    ['What is a breakwater?', /wall built out into the sea/],
    ['How long is the breakwater at Kettleby?', /400 metres/],
    ['How many boats use the harbour today?', /thirty fishing boats/],
  ])('%s', (question, expected) => {
    const answer = answerText(question, HARBOUR);
    expect(answer.answered).toBe(true);
    expect(answer.text).toMatch(expected);
  });

  it.each([
    'Who won the Nobel Prize for chemistry?',
    'When was the lighthouse painted red?',
    'How much does a ticket to the museum cost?',
    // The harbour is in the article, but no date for its closing.
    'When did the harbour close?',
  ])('"%s": the article does not say', (question) => {
    expect(answerText(question, HARBOUR).answered).toBe(false);
  });
});

/**
 * Written after the ranking was tuned on the article above and only scored: 7 of its 8 questions were
 * answered right at the first run (the miss: "spend" asked of "spent", an irregular verb the stemmer
 * does not join). The test holds that figure, so a change that answers fewer fails.
 */
describe('the ranking, on an article written after it was tuned (held out)', () => {
  const answerable: Array<[string, RegExp]> = [
    ['When was the trust founded?', /2009/],
    ['What did the trust spend on rootstock?', /£12,500/],
    ['Who chairs the trust?', /Dev Okafor/],
    ['What does grafting mean?', /joining a cutting/],
    ['Where is the cider sold?', /village shop/],
  ];
  const unanswerable = ['Who founded the cider company in Hereford?', 'When will the orchard open a café?', 'What is the price of a bottle of perry?'];

  it('answers at least 7 of its 8 questions right', () => {
    const right = [
      ...answerable.map(([question, expected]) => {
        const answer = answerText(question, ORCHARD);
        return answer.answered && expected.test(answer.text);
      }),
      ...unanswerable.map((question) => !answerText(question, ORCHARD).answered),
    ];
    expect(right.filter(Boolean).length).toBeGreaterThanOrEqual(7);
  });
});

describe('the threshold', () => {
  const text = ['The ferry leaves Dunmore at noon.', 'The crossing takes forty minutes in calm weather.'].join('\n');

  it('answers with half of the question\'s weight held, and not below it', () => {
    // "ferry" and "Dunmore" are in the article; "timetable" and "winter" are not, and weigh the most.
    const half = rankPassages({ question: 'Does the ferry leave Dunmore?', text, language: 'en' });
    expect(half.passages[0]!.coverage).toBeGreaterThanOrEqual(ANSWER_COVERAGE);
    expect(half.answered).toBe(true);
    const below = rankPassages({ question: 'Does the ferry timetable change in winter?', text, language: 'en' });
    expect(below.passages[0]!.coverage).toBeLessThan(ANSWER_COVERAGE);
    expect(below.answered).toBe(false);
  });

  it('asks a question of a kind for an answer of that kind', () => {
    // Every word is there, but no date: a "when" is not answered by it.
    const rest = 'Cyclists say it is the best crossing in the county.';
    const noDate = ['The new bridge over the Tarn opened to traffic.', rest].join('\n');
    expect(rankPassages({ question: 'When did the bridge open?', text: noDate, language: 'en' }).answered).toBe(false);
    const withDate = ['The new bridge over the Tarn opened to traffic in March 2021.', rest].join('\n');
    const dated = rankPassages({ question: 'When did the bridge open?', text: withDate, language: 'en' });
    expect(dated.answered).toBe(true);
    expect(dated.passages[0]!.sentences.map((s) => s.text).join(' ')).toMatch(/March 2021/);
  });
});

describe('a question with no words of its own', () => {
  it('answers nothing', () => {
    expect(rankPassages({ question: 'What is it?', text: HARBOUR, language: 'en' }).answered).toBe(false);
  });
});

describe('the passage just heard', () => {
  const text = [
    'The first market opened in the square.',
    'Traders came from the coast.',
    'The second market opened in the square.',
    'Traders came from the hills.',
  ].join('\n');

  it('breaks a tie toward it', () => {
    const early = rankPassages({ question: 'Which market opened in the square?', text, language: 'en', heardParagraph: 0 });
    const late = rankPassages({ question: 'Which market opened in the square?', text, language: 'en', heardParagraph: 3 });
    expect(early.passages[0]!.sentences[0]!.paragraph).toBe(0);
    expect(late.passages[0]!.sentences[0]!.paragraph).toBe(2);
  });
});

describe('the parts', () => {
  it('names the kind of answer a question asks for', () => {
    expect(questionKind('When did it open?', 'en')).toBe('date');
    expect(questionKind('How much did it cost?', 'en')).toBe('number');
    expect(questionKind('Who designed it?', 'en')).toBe('name');
    expect(questionKind('What is a breakwater?', 'en')).toBe('definition');
    expect(questionKind('Why did it close?', 'en')).toBe(null);
    expect(questionKind('Wann wurde er gebaut?', 'de')).toBe(null);
  });

  it('keeps each sentence\'s paragraph, and gathers a passage by paragraph', () => {
    const sentences = articleSentences('One. Two.\n\nThree.');
    expect(sentences).toEqual([
      { paragraph: 0, text: 'One.' },
      { paragraph: 0, text: 'Two.' },
      { paragraph: 2, text: 'Three.' },
    ]);
    expect(passageSources({ sentences, score: 1, coverage: 1, kindMet: true })).toEqual([
      { paragraph: 0, text: 'One. Two.' },
      { paragraph: 2, text: 'Three.' },
    ]);
  });

  it('reads a German article by German stems and stop words', () => {
    const text = ['Die Brücke wurde 1932 eröffnet.', 'Der Hafen liegt im Norden der Stadt.'].join('\n');
    const ranking = rankPassages({ question: 'Wo liegt der Hafen?', text, language: 'de' });
    expect(ranking.answered).toBe(true);
    expect(ranking.passages[0]!.sentences[0]!.text).toMatch(/Hafen/);
  });
});
