/**
 * Readable English articles of a chosen length for the benchmarks: a local news story about one
 * town's project, told in paragraphs of three to six sentences built from many sentence shapes
 * (statements, quotations, questions, figures, dates), so the voice meets text like a real page's
 * and no sentence is one repeated. Deterministic: the same seed gives the same article.
 */

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOWNS = ['Millbrook', 'Ashford Vale', 'Kestrel Bay', 'Northwick', 'Elmstead', 'Harrowgate Falls', 'Lindenport', 'Stonecross'];
const PROJECTS = [
  { name: 'the old harbour', thing: 'harbour', work: 'rebuilding the sea wall and dredging the channel' },
  { name: 'the railway station', thing: 'station', work: 'restoring the roof and reopening the ticket hall' },
  { name: 'the river path', thing: 'path', work: 'clearing the banks and laying a new surface for bicycles' },
  { name: 'the public library', thing: 'library', work: 'adding a reading garden and a room for young children' },
  { name: 'the market hall', thing: 'hall', work: 'replacing the glass roof and opening the stalls every day' },
  { name: 'the community orchard', thing: 'orchard', work: 'planting old apple varieties and building a cider press' },
];
const PEOPLE = [
  { name: 'Margaret Hale', role: 'a retired history teacher', short: 'Hale' },
  { name: 'Daniel Okafor', role: 'the council’s chief engineer', short: 'Okafor' },
  { name: 'Priya Raman', role: 'who runs the bakery on Bridge Street', short: 'Raman' },
  { name: 'Tomasz Nowak', role: 'a fisherman for thirty years', short: 'Nowak' },
  { name: 'Helen Whitcombe', role: 'the mayor', short: 'Whitcombe' },
  { name: 'Samuel Achebe', role: 'a volunteer with the local walking club', short: 'Achebe' },
  { name: 'Rosa Delgado', role: 'an architect who grew up in the town', short: 'Delgado' },
  { name: 'Owen Pritchard', role: 'the head of the primary school', short: 'Pritchard' },
];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NUMBER_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twelve', 'fifteen', 'twenty'];
const GROUPS = ['families', 'shop owners', 'students', 'older residents', 'visitors', 'cyclists', 'anglers', 'parents'];
const FEELINGS = ['hopeful', 'sceptical', 'impatient', 'cautiously pleased', 'divided', 'curious', 'worried'];
const PLACES = ['the town square', 'the church hall', 'the school gym', 'the fire station', 'the sailing club', 'the bowling green'];
const REASONS = [
  'the cost of steel has risen sharply',
  'the ground turned out to be softer than the surveys suggested',
  'a rare bat was found roosting under the eaves',
  'two contractors withdrew their bids',
  'the spring floods came a month early',
  'the regional grant arrived later than promised',
];
const BENEFITS = [
  'bring more visitors in the quiet months',
  'give children a safe place to play',
  'make the walk into town shorter for many',
  'protect the lower streets from flooding',
  'create jobs for young people who would otherwise leave',
  'save the council money on repairs in the long run',
];

interface Story {
  town: string;
  project: (typeof PROJECTS)[number];
  people: (typeof PEOPLE)[number][];
}

interface Tools {
  s: Story;
  pick: <T>(list: readonly T[]) => T;
  n: (lo: number, hi: number) => number;
}

type Shape = (tools: Tools) => string;

const SHAPES: Shape[] = [
  ({ s, pick, n }) => `Work on ${s.project.name} began in ${pick(MONTHS)} ${n(2015, 2023)}, and the first phase is now about ${n(20, 90)} per cent complete.`,
  ({ s }) => `The plan involves ${s.project.work}, which engineers say is the hardest part.`,
  ({ n }) => `According to the council, the whole scheme will cost ${n(2, 19)}.${n(1, 9)} million pounds, most of it from a regional grant.`,
  ({ s, pick }) => {
    const p = pick(s.people);
    return `"We have waited a long time for this," said ${p.name}, ${p.role}. "Now we want to see it done properly."`;
  },
  ({ s, pick }) => {
    const p = pick(s.people);
    return `${p.short} is less convinced. "Nobody has explained who will pay for the upkeep once the ribbon is cut," ${p.short} said.`;
  },
  ({ pick }) => `Why has it taken so long? Part of the answer is that ${pick(REASONS)}.`,
  ({ pick, n }) => `At a packed meeting in ${pick(PLACES)} on ${pick(DAYS)}, about ${n(40, 300)} people came to hear the latest drawings.`,
  ({ s, pick }) => `Many ${pick(GROUPS)} say they feel ${pick(FEELINGS)} about the changes, though few want the old ${s.project.thing} left as it is.`,
  ({ pick }) => `Supporters argue that the work will ${pick(BENEFITS)}.`,
  ({ s }) => `Critics counter that the money would do more good elsewhere, and that ${s.town} has other priorities.`,
  ({ s, n }) => `The ${s.project.thing} was first opened in ${n(1860, 1950)}, when ${s.town} was twice its present size.`,
  ({ pick }) => `By the nineteen seventies it had fallen into disrepair, and for ${pick(NUMBER_WORDS)} years it was closed to the public altogether.`,
  ({ s, pick }) => `Old photographs in the town museum show ${pick(GROUPS)} crowding around the ${s.project.thing} on summer evenings.`,
  ({ pick, n }) => `Contractors expect to finish by ${pick(MONTHS)} ${n(2025, 2028)}, weather permitting.`,
  ({ s, pick }) => `If the schedule slips again, ${pick(s.people).name} has promised a public explanation.`,
  ({ n }) => `A survey of ${n(200, 900)} households found that ${n(51, 78)} per cent backed the plan, while ${n(9, 30)} per cent opposed it.`,
  ({ s, pick }) => `Could what ${s.town} is doing work elsewhere? Officials from ${pick(NUMBER_WORDS)} neighbouring towns have already asked to visit.`,
  ({ s }) => `For now, a temporary fence surrounds the ${s.project.thing} in ${s.town}, and a small sign explains what is happening behind it.`,
  ({ pick }) => `Volunteers meet on the first ${pick(DAYS)} of each month to tidy the grounds and talk to anyone who stops by.`,
  ({ n }) => `Traffic on the nearby roads has risen by roughly ${n(5, 35)} per cent since the works began, according to local counts.`,
  ({ s, pick }) => `"It is noisy, it is dusty, and I would not change a thing about the end result," said ${pick(s.people).name}.`,
  ({ s }) => `The design for ${s.project.name} keeps the original stonework where it can, and replaces only what is unsafe.`,
  ({ pick }) => `Some of the removed timber will be reused for benches near ${pick(PLACES)}.`,
  ({ pick, n }) => `The council will publish a progress report every ${pick(NUMBER_WORDS)} weeks, and the next one is due on ${pick(DAYS)} the ${n(2, 28)}th.`,
  ({ pick }) => `There are quieter worries too: what happens to the ${pick(GROUPS)} who relied on the old arrangement while the work goes on?`,
  ({ s }) => `In a town of this size, every decision about ${s.project.name} is personal, and everyone seems to know someone on each side.`,
  ({ pick }) => `Local historians have started recording the memories of ${pick(GROUPS)} before the old building changes for good.`,
  ({ s, n }) => `When the work is finished, the ${s.project.thing} should be open from ${n(6, 9)} in the morning until ${n(8, 11)} at night.`,
  ({ pick }) => `Not everything has gone wrong, of course, and the first section reopened ahead of schedule last ${pick(MONTHS)}.`,
  ({ s, pick }) => `Asked what newcomers should know, ${pick(s.people).name} laughed and said that patience is the town’s oldest tradition.`,
];

/** Words after which a long article turns to another town. */
const SECTION_WORDS = 1_200;

/** An article of about `words` words (within one sentence of it), its title, and its exact word count. */
export function generateArticle(words: number, seed = 1): { title: string; text: string; words: number } {
  const rand = random(seed * 7919 + words);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const n = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const newStory = (): Story => ({
    town: pick(TOWNS),
    project: pick(PROJECTS),
    people: [...PEOPLE].sort(() => rand() - 0.5).slice(0, 4),
  });
  const story = newStory();
  const used = new Set<string>();
  const paragraphs: string[] = [];
  let count = 0;
  let paragraph: string[] = [];
  const add = (sentence: string) => {
    used.add(sentence);
    paragraph.push(sentence);
    count += sentence.split(/\s+/).length;
  };
  add(`For years the people of ${story.town} have argued about ${story.project.name}.`);
  add('This spring the argument finally turned into work.');
  // A long article visits other towns with projects of their own, a section each.
  let current = story;
  let sectionEnds = SECTION_WORDS;
  let size = n(3, 6);
  while (count < words) {
    if (count >= sectionEnds && paragraph.length === 0) {
      let next = newStory();
      while (next.town === current.town) next = newStory();
      current = next;
      sectionEnds += SECTION_WORDS;
      add(`${current.town} faces a similar question about ${current.project.name}, ${current.project.work}.`);
    }
    let sentence = '';
    for (let attempt = 0; attempt < 30 && (!sentence || used.has(sentence)); attempt++) sentence = pick(SHAPES)({ s: current, pick, n });
    add(sentence);
    if (paragraph.length >= size) {
      paragraphs.push(paragraph.join(' '));
      paragraph = [];
      size = n(3, 6);
    }
  }
  if (paragraph.length) paragraphs.push(paragraph.join(' '));
  const text = paragraphs.join('\n');
  const title = `What ${story.town} Did With ${story.project.name.replace(/^the /, 'Its ').replace(/\b\w/g, (c) => c.toUpperCase())}`;
  return { title, text, words: text.split(/\s+/).filter(Boolean).length };
}

/** The article as the extension posts it: title, text and the page's address. */
export function articleBody(words: number, seed: number): { title: string; text: string; sourceUrl: string } {
  const article = generateArticle(words, seed);
  return { title: article.title, text: article.text, sourceUrl: `https://example.com/bench/${words}-${seed}` };
}
