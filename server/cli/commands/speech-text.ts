/**
 * `pagecast speech-text [--lang CODE] [--pronunciations FILE] [TEXT]`: prints what the voice receives
 * for TEXT (standard input when there is none), one sentence a line, by the speech stage's own steps
 * (machinery/speech/speech-text.ts). The language is detected from the text unless --lang gives it;
 * --pronunciations applies a member's list, the `{ entries }` JSON of `PUT /api/pronunciations`.
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { UsageError, type CliCommand } from '../command.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The list in FILE, checked by the API's own schema; a UsageError that says what is wrong otherwise. */
async function readPronunciations(file: string) {
  const [{ pronunciationListSchema }, { compilePronunciations }] = await Promise.all([
    import('../../../shared/api/pronunciations.ts'),
    import('../../../shared/text/pronunciations.ts'),
  ]);
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code ? (error as Error).message : `not JSON (${(error as Error).message})`;
    throw new UsageError(`--pronunciations ${file}: ${reason}`);
  }
  const parsed = pronunciationListSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const message = issue.path.length === 0 || issue.path[0] !== 'entries' || issue.path.length === 1 ? 'it must be { "entries": [{ "written", "spoken", "lang"? }] }' : issue.message;
    throw new UsageError(`--pronunciations ${file}: ${message}`);
  }
  return compilePronunciations(parsed.data.entries);
}

export const speechTextCommand: CliCommand = {
  name: 'speech-text',
  usage: 'pagecast speech-text [--lang CODE] [--pronunciations FILE] [TEXT]',
  summary: 'print what the voice reads for TEXT (or standard input), one sentence a line',
  async run(args, output) {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { lang: { type: 'string' }, pronunciations: { type: 'string' } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    // The text steps load only for this command, so `pagecast extract` starts light.
    const [{ detectLanguage, normaliseLanguage }, { speechTextLines }] = await Promise.all([
      import('../../../shared/text/language.ts'),
      import('../../machinery/speech/speech-text.ts'),
    ]);
    const asked = parsed.values.lang;
    const stated = asked === undefined ? undefined : normaliseLanguage(asked);
    if (stated === null) throw new UsageError(`--lang takes a language code such as en, de or ja, not "${asked}"`);
    const pronunciations = parsed.values.pronunciations === undefined ? undefined : await readPronunciations(parsed.values.pronunciations);
    if (parsed.positionals.length === 0 && process.stdin.isTTY) throw new UsageError('Give the text, or pipe it on standard input');
    const text = parsed.positionals.length > 0 ? parsed.positionals.join(' ') : await readStdin();
    const language = stated ?? (await detectLanguage(text));
    if (!stated) output.err(`language: ${language} (detected; --lang sets it)\n`);
    for (const line of await speechTextLines(text, language, pronunciations)) output.out(`${line}\n`);
    return 0;
  },
};
