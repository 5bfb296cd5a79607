/**
 * How close an extracted text is to the expected one, as bags of words: the word-level F1 score that
 * the extraction tests and the extraction benchmark report (1 is the same words, 0 none in common).
 */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** `tokenize` splits a text into its words (letters and digits unless told otherwise). */
export function wordF1(actual: string, expected: string, tokenize: (text: string) => string[] = words): number {
  const wanted = tokenize(expected);
  const counts = new Map<string, number>();
  for (const w of wanted) counts.set(w, (counts.get(w) ?? 0) + 1);
  const got = tokenize(actual);
  let common = 0;
  for (const w of got) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    }
  }
  if (got.length === 0 && wanted.length === 0) return 1;
  if (common === 0) return 0;
  const precision = common / got.length;
  const recall = common / wanted.length;
  return (2 * precision * recall) / (precision + recall);
}
