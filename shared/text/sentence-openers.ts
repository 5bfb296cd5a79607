/**
 * Words that open a sentence. After an abbreviation that can also end one ("U.S.", "St.", "etc."),
 * a full stop ends the sentence only when such a word follows: "the U.S. Customs office" goes on,
 * "moved to the U.S. Then" ends.
 */
export const SENTENCE_OPENERS: readonly string[] = (
  'The A An It Its He His She Her They Their We Our I You This That These Those There Then But And So Yet ' +
  'In On At After Before When While What Who How Why If As For Now Today Still Meanwhile However'
).split(' ');

/** The openers as a regular-expression alternation. */
export const SENTENCE_OPENER_PATTERN = SENTENCE_OPENERS.join('|');
