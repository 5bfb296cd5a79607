/**
 * A script as stored and edited: plain text, one paragraph a line. Two light marks carry what the
 * voice and the transcript need besides the words:
 * - a line `# Title` starts a chapter named Title at the next sentence (it is not spoken);
 * - in a conversation, a line `Name: text` is said by that host (Name one of the hosts).
 * Read mode speaks a heading itself, so its script has the heading's line after its mark.
 */
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import type { ScriptSentence } from './types.ts';

const CHAPTER_MARK = /^#{1,6}\s+(.+)$/;

/** The sentences of a stored script; `hosts` names the speakers a conversation's lines may start with. */
export function parseScript(script: string, hosts?: readonly string[]): ScriptSentence[] {
  const out: ScriptSentence[] = [];
  let paragraph = 0;
  let chapter: string | undefined;
  for (const raw of script.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    const mark = CHAPTER_MARK.exec(line);
    if (mark) {
      chapter = mark[1]!.trim();
      continue;
    }
    const { speaker, text } = splitSpeaker(line, hosts);
    const sentences = splitSentences(text);
    if (sentences.length === 0) continue;
    sentences.forEach((sentence, i) => {
      out.push({
        text: sentence,
        paragraph,
        ...(speaker ? { speaker } : {}),
        ...(i === 0 && chapter ? { chapter } : {}),
      });
    });
    chapter = undefined;
    paragraph += 1;
  }
  return out;
}

/** `Name: text` when Name is one of the hosts (case as written in the list). */
function splitSpeaker(line: string, hosts: readonly string[] | undefined): { speaker?: string; text: string } {
  if (!hosts?.length) return { text: line };
  const colon = line.indexOf(':');
  if (colon <= 0 || colon > 40) return { text: line };
  const name = line.slice(0, colon).replace(/[*_]/g, '').trim();
  const host = hosts.find((h) => h.toLowerCase() === name.toLowerCase());
  return host ? { speaker: host, text: line.slice(colon + 1).trim() } : { text: line };
}

/** The stored form of sentences: paragraphs a line, a chapter's mark before it, a speaker's name ahead. */
export function formatScript(sentences: readonly ScriptSentence[]): string {
  const lines: string[] = [];
  let current: string | null = null;
  let paragraph: number | null = null;
  const flush = () => {
    if (current !== null) lines.push(current);
    current = null;
  };
  for (const sentence of sentences) {
    if (sentence.paragraph !== paragraph || sentence.chapter) {
      flush();
      paragraph = sentence.paragraph;
      if (sentence.chapter) lines.push(`# ${sentence.chapter}`);
      current = sentence.speaker ? `${sentence.speaker}: ${sentence.text}` : sentence.text;
    } else {
      current += ` ${sentence.text}`;
    }
  }
  flush();
  return lines.join('\n');
}

/** Words as a reader counts them: runs of letters or digits (apostrophes and hyphens inside a word). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}
