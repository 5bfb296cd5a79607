/**
 * Title cleanup: quotes and characters other than word characters, whitespace and
 * . , ! ? - are removed.
 */
export function cleanTitle(raw: string): string {
  return raw
    .replace(/["'`\u2018\u2019\u201C\u201D\u00AB\u00BB]/g, '')
    .replace(/[^\p{L}\p{N}_\s.,!?-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}
