/**
 * An English dictionary (the word-list package, about 274,000 words) for telling a word broken at a
 * line's end from a compound. The file is read the first time a word is asked; the list keeps words
 * that share their first two letters together, so only that group is made a set, when first needed.
 */
import fs from 'node:fs';
import wordListPath from 'word-list';

let text: string | null = null;
const groups = new Map<string, Set<string>>();

export function isEnglishWord(word: string): boolean {
  text ??= `\n${fs.readFileSync(wordListPath, 'utf8')}\n`;
  const prefix = word.slice(0, 2);
  let group = groups.get(prefix);
  if (!group) {
    group = new Set();
    for (let at = prefix ? text.indexOf(`\n${prefix}`) : -1; at >= 0 && text.startsWith(prefix, at + 1); ) {
      const end = text.indexOf('\n', at + 1);
      group.add(text.slice(at + 1, end));
      at = end;
    }
    groups.set(prefix, group);
  }
  return group.has(word);
}
