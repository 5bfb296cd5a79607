/**
 * The passage a voice's speaking rate is measured on (speech/speaking-rate.ts), whose syllables per
 * word also scale an article's spoken length (spoken-length.ts).
 */

/**
 * An article as pages are: headings, paragraphs of one to three sentences, plain and dense words,
 * quotations, numbers, short lists.
 */
export const CALIBRATION_TEXT = [
  '# A new bridge for the town',
  'A new bridge for the town.',
  'The town council met on Tuesday evening to discuss the new bridge across the river.',
  'Most of the residents who came to the meeting were in favour of the plan, although several shop owners worried about the months of building work on the main street.',
  '"We have waited for this bridge for twenty years," said one of them. "But my shop cannot close for a whole summer."',
  'The plan has three parts. A wider road for buses. A path for bicycles. New lights along the river.',
  'After a long debate, the council agreed to ask the public for their views before making a final decision in the spring.',
  '# Council approves the river crossing',
  'Council approves the river crossing.',
  'The regional council approved on Tuesday evening a controversial proposal to replace the ageing bridge across the river with a wider, modern structure.',
  'Most residents attending the consultation supported the development, although several independent retailers expressed concerns about months of construction disrupting business on the high street.',
  '"We have campaigned for this investment for two decades," said Margaret Holloway, chair of the neighbourhood association. "But many businesses cannot survive a summer of closures."',
  'Engineers explained that the original crossing, completed in 1952, had required expensive repairs repeatedly, and that maintenance costs were increasing every year.',
  'The proposal includes three elements. A dedicated lane for public transport. A separated cycling path. Improved lighting along the embankment.',
  'Following a lengthy debate, councillors agreed to publish the detailed designs for public comment before reaching a final decision next spring.',
].join('\n');
