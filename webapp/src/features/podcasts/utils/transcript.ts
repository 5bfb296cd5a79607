/** A block of a script shown as text: a chapter's heading (a `# Title` line) or a paragraph. */
export interface ScriptBlock {
  heading: boolean;
  text: string;
}

const CHAPTER_MARK = /^#{1,6}\s+(.+)$/;

/** The script's blocks for the transcript views: one per line, blank lines dropped, `# Title` lines as headings. */
export function transcriptParagraphs(content: string): ScriptBlock[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const mark = CHAPTER_MARK.exec(line);
      return mark ? { heading: true, text: mark[1]!.trim() } : { heading: false, text: line };
    });
}
