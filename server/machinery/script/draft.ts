/**
 * A model's answer made into what a voice reads. Models add more than the script: a preamble ("Sure!
 * Here is your script:"), chatter after it ("Let me know if…"), Markdown (headings, bullets, bold,
 * links), labels ("Host:", "**Script**"), stage directions ("[Intro music]"), and a welcome or a
 * thanks in every part they write. All of that goes; the episode's own frame says the welcome and the
 * thanks once. A refusal ("I'm sorry, but I can't…") is told apart, so the article stands in for it.
 */
import { detectLanguage } from '../../../shared/text/language.ts';
import { countWords } from './script-format.ts';
import { tidyLine } from './sentence-cutter.ts';

/** A line that introduces the answer rather than being part of it. */
const PREAMBLE =
  /^(?:(?:sure|certainly|of course|absolutely|okay|ok|alright|great|here you go)\b[^\n]{0,80}$|(?:here(?:'s| is| are)|below is|this is)\b[^\n]{0,100}(?:script|episode|podcast|version|draft|rewrite)\b[^\n]*$)/i;
/** A heading the model gave its script or a part of it: Markdown's, or a short bold line with no sentence end. */
const HEADING = /^(?:#{1,6}\s.*|\*\*[^*.!?]{1,80}\*\*:?|__[^_.!?]{1,80}__:?)$/;
/** A line after the script that speaks to whoever asked for it. */
const CHATTER = /^(?:let me know\b|i hope (?:this|that|you)\b|feel free\b|if you(?:'d| would) like\b|would you like\b|do you want\b|note:|\(?word count\b)/i;
/** A label or heading that ends with a colon (Script:, Podcast script:, Part 2:). */
const LABEL_LINE = /^[^.!?]{0,40}:$/;
/** A speaker label where the episode has one voice. */
const ONE_VOICE_LABEL = /^(?:host|narrator|presenter|speaker(?: \d)?|voice(?:over)?)\s*:\s*/i;
/** A stage direction on its own line: [Intro music], (Pause), *Sound of waves*. */
const STAGE_DIRECTION = /^(?:\[[^\]]*\]|\([^)]*\)|\*[^*]+\*)$/;
/** An answer that declines to write: short, and it starts by saying it cannot help with the task. */
const REFUSAL =
  /^(?:i'?m sorry|i am sorry|sorry|unfortunately|as an ai|i)\b[^.!?\n]{0,80}\b(?:can(?:no|')?t|cannot|am unable to|am not able to|won'?t|will not)\s+(?:help|assist|comply|do that|provide|write|create|fulfil|fulfill|rewrite|reproduce|complete|produce)\b/i;

/** A sentence that welcomes the listener, in the languages the frame speaks. */
const WELCOME =
  /^(?:(?:hello|hi|hey)(?:\s+(?:and|everyone|there|listeners|folks|all))?\b|welcome\b|(?:herzlich )?willkommen\b|hallo (?:und|zusammen)\b|bienvenue\b|bonjour (?:à tous|et)\b|bienvenid[oa]s?\b|hola a todos\b|benvenut[ioe]\b|bem-vind[oa]s?\b|welkom\b)/i;
/** A sentence that thanks the listener or says goodbye. */
const THANKS =
  /(?:thanks?|thank you)(?: so much| all)? for (?:listening|joining|tuning in)|until next time|see you next time|that'?s (?:all|it) for (?:today|this episode|now)|danke (?:fürs|für das|für's|für ihre aufmerksamkeit)|bis zum nächsten mal|merci (?:de|pour) (?:votre|ton|l') ?écoute|à la prochaine|gracias por (?:escuchar|su atención)|hasta la próxima|grazie per (?:l'|l’)?ascolto|alla prossima|obrigad[oa] por (?:ouvir|escutar)|até a próxima|bedankt voor het luisteren|tot de volgende keer/i;

export interface Draft {
  /** The script's lines, one paragraph a line, with nothing but what a voice should say. */
  text: string;
  /** The model declined to write it. */
  refused: boolean;
}

/** The script in a model's answer. `frame`: the episode says its own welcome and thanks, so the model's go. */
export function cleanDraft(answer: string, options: { frame: boolean; hosts?: readonly string[] }): Draft {
  const lines = answer
    .split(/\r?\n/)
    .filter((line) => !HEADING.test(line.trim()))
    .map((line) => tidyMarkdown(line))
    .filter((line) => line && !/^[-*_=]{3,}$/.test(line) && !STAGE_DIRECTION.test(line));
  const firstWords = lines.slice(0, 2).join(' ');
  if (REFUSAL.test(firstWords) && countWords(lines.join(' ')) < 120) return { text: '', refused: true };
  while (lines.length > 0 && (PREAMBLE.test(lines[0]!) || LABEL_LINE.test(lines[0]!))) lines.shift();
  while (lines.length > 0 && (CHATTER.test(lines.at(-1)!) || LABEL_LINE.test(lines.at(-1)!))) lines.pop();
  const kept = lines
    .filter((line) => !LABEL_LINE.test(line))
    .map((line) => (options.hosts ? line : line.replace(ONE_VOICE_LABEL, '')))
    .map((line) => (options.frame ? withoutGreetings(line, options.hosts) : line))
    .filter((line) => countWords(options.hosts ? line.replace(/^[^:]{1,40}:/, '') : line) > 0);
  return { text: kept.join('\n'), refused: false };
}

/** Markdown's marks gone from a line: headings, bullets, numbering, emphasis, code, links. */
function tidyMarkdown(line: string): string {
  return tidyLine(line)
    .replace(/^\d{1,2}[.)]\s+/, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`+/g, '')
    .trim();
}

/** The line without its sentences that welcome or thank the listener; a speaker's name stays with what is left. */
function withoutGreetings(line: string, hosts: readonly string[] | undefined): string {
  const speaker = hosts ? /^([^:]{1,40}):\s*/.exec(line) : null;
  const body = speaker ? line.slice(speaker[0].length) : line;
  const sentences = body.match(/[^.!?…]+(?:[.!?…]+["'”’)]*|$)\s*/g) ?? [body];
  const kept = sentences.filter((s) => {
    const sentence = s.trim();
    return !(WELCOME.test(sentence) || (THANKS.test(sentence) && countWords(sentence) <= 16));
  });
  const text = kept.join('').trim();
  return text && speaker ? `${speaker[1]}: ${text}` : text;
}

/** Whether a draft is written in another language than the article's (judged only on enough text). */
export async function inOtherLanguage(text: string, language: string): Promise<boolean> {
  if (countWords(text) < 30) return false;
  return (await detectLanguage(text, language)) !== language;
}
