/**
 * `pagecast speech-text [--lang CODE] [TEXT]`: prints what the voice receives for TEXT (standard
 * input when there is none), one sentence a line, by the speech stage's own steps: the script's
 * sentences (one paragraph a line), then each sentence's voice text (machinery/speech/voice-text.ts). The
 * language is detected from the text unless --lang gives it.
 */
import { parseArgs } from 'node:util';
import { UsageError, type CliCommand } from '../command.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const speechTextCommand: CliCommand = {
  name: 'speech-text',
  usage: 'pagecast speech-text [--lang CODE] [TEXT]',
  summary: 'print what the voice reads for TEXT (or standard input), one sentence a line',
  async run(args, output) {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { lang: { type: 'string' } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    // The text steps load only for this command, so `pagecast extract` starts light.
    const [{ detectLanguage, normaliseLanguage }, { scriptSentences }, { voiceText }] = await Promise.all([
      import('../../../shared/text/language.ts'),
      import('../../machinery/script/sentence-cutter.ts'),
      import('../../machinery/speech/voice-text.ts'),
    ]);
    const asked = parsed.values.lang;
    const stated = asked === undefined ? undefined : normaliseLanguage(asked);
    if (stated === null) throw new UsageError(`--lang takes a language code such as en, de or ja, not "${asked}"`);
    if (parsed.positionals.length === 0 && process.stdin.isTTY) throw new UsageError('Give the text, or pipe it on standard input');
    const text = parsed.positionals.length > 0 ? parsed.positionals.join(' ') : await readStdin();
    const language = stated ?? (await detectLanguage(text));
    if (!stated) output.err(`language: ${language} (detected; --lang sets it)\n`);
    for (const sentence of scriptSentences(text)) {
      const speech = await voiceText(sentence.text, language);
      if (speech) output.out(`${speech}\n`);
    }
    return 0;
  },
};
