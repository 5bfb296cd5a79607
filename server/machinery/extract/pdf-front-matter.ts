/**
 * A paper's front matter between its title and its text: author names are the byline, affiliations
 * (an institution's line and the address lines under it) and e-mail lines are skipped, and an
 * "Abstract" standing alone, or opening its paragraph ("Abstract—We…"), is a heading.
 */

/** The word that heads a paper's abstract, alone on its line. */
const ABSTRACT_HEADING = /^(?:abstract|summary)[.:]?$/i;
/** "Abstract" run into its paragraph: "Abstract—We…", "ABSTRACT: We…", "Abstract. We…". */
const RUN_IN_ABSTRACT = /^(abstract)\s*[—–:.-]\s*(?=\S)/i;
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+|\{[^}]+\}@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/gu;
/** What labels an e-mail line besides the addresses. */
const EMAIL_LABELS = /\b(?:e-?mails?|contact|corresponding authors?|to|and)\b|[\s,;:*†‡()]/gi;
const INSTITUTION =
  /\b(?:universit(?:y|ies|ä[t]|é|at|à|ad|eit)|univ\.|department|dept\.|institut(?:e|o|ion)?|school of|college|faculty|laborator(?:y|ies)|lab\b|centre|center|academy|hospital|clinic|research|inc\.|ltd\b|llc\b|gmbh|corporation|corp\.|foundation|ministry|agency|polytechnic)/i;
/** Names: capitalised words and initials, with "and", commas and footnote marks between. */
const NAMES = /^\p{Lu}[\p{L}.'’-]*(?:(?:\s+|,\s*)(?:and|&|\p{Lu}[\p{L}.'’-]*|[\d*†‡]+))*$/u;

/** Whether a line is e-mail addresses and nothing else but their labels. */
export const isEmailLine = (text: string): boolean => {
  const addresses = text.match(EMAIL);
  return !!addresses && text.replace(EMAIL, '').replace(EMAIL_LABELS, '').length === 0;
};

export const isAbstractHeading = (text: string): boolean => ABSTRACT_HEADING.test(text.trim());

/** A heading said as a word, not spelled out in capitals. */
export const abstractHeading = (text: string): string => {
  const word = text.trim().replace(/[.:]$/, '');
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
};

/** A paragraph opened by "Abstract—": the heading and the paragraph apart, or null. */
export function splitRunInAbstract(text: string): [string, string] | null {
  const found = RUN_IN_ABSTRACT.exec(text);
  return found ? [abstractHeading(found[1]!), text.slice(found[0].length)] : null;
}

export interface FrontLine {
  text: string;
  /** The gap above it is wider than a line's, or it opens the front matter: a new group (another author). */
  apart: boolean;
  /** What follows it stands apart (a gap, a heading, another page): the front matter may end here. */
  closes: boolean;
  /** Short, no sentence, not a heading: it may be a name, an affiliation or an e-mail line. */
  eligible: boolean;
}

/** How many of the lines under the title are its front matter, and the authors' names among them. */
export function frontMatter(lines: FrontLine[]): { count: number; authors: string[] } {
  let count = 0;
  let group = 0;
  let institution = false;
  for (const [at, line] of lines.entries()) {
    if (line.apart) {
      group++;
      institution = false;
    }
    institution ||= INSTITUTION.test(line.text);
    // The first group (the authors' line) may be any short lines; later ones are names, affiliations and e-mails.
    const fits = line.eligible && (group <= 1 || institution || isEmailLine(line.text) || NAMES.test(line.text));
    if (!fits) break;
    if (line.closes) count = at + 1;
  }
  return { count, authors: authorsOf(lines.slice(0, count)) };
}

/**
 * The authors among front-matter lines: a group (lines with no gap between) is read from its top;
 * from an institution's line on, or a line that is no name after one, the group's lines are its
 * address; e-mail lines anywhere go.
 */
function authorsOf(lines: FrontLine[]): string[] {
  const authors: string[] = [];
  let affiliation = false;
  for (const line of lines) {
    if (line.apart) affiliation = false;
    if (isEmailLine(line.text)) continue;
    if (affiliation || INSTITUTION.test(line.text) || (!NAMES.test(line.text) && authors.length > 0 && !line.apart)) {
      affiliation = true;
      continue;
    }
    authors.push(line.text);
  }
  return authors;
}
