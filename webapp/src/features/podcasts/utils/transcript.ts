/** The transcript modal's paragraphs: one per line of the script, blank lines dropped. */
export function transcriptParagraphs(content: string): string[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
