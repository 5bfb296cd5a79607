/**
 * An English dictionary (the word-list package, about 274,000 words) for telling a word broken at a
 * line's end from a compound. Read from disk the first time it is asked, then kept.
 */
import fs from 'node:fs';
import wordListPath from 'word-list';

let words: Set<string> | null = null;

export function isEnglishWord(word: string): boolean {
  words ??= new Set(fs.readFileSync(wordListPath, 'utf8').split('\n'));
  return words.has(word);
}
