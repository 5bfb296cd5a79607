/**
 * A PDF in two columns through the stages a conversion runs (receive the file, extract, prepare,
 * script in read mode): a sentence the layout cut at the foot of a column, and one cut at the foot of
 * a page under a running header that only later pages carry, are each one sentence of the episode's
 * script, and its numbered sections are said as sections.
 */
import { expect, it } from 'vitest';
import { createFallbackScriptWriter } from '../machinery/script/fallback-writer.ts';
import type { ScriptSentence } from '../machinery/script/types.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { extractPdf } from '../machinery/extract/extract-pdf.ts';
import { splitSentences } from '../../shared/text/split-sentences.ts';
import { layoutDocument, prose } from '../test/pdf-document.ts';
import type { Article, Page, ScriptSource } from './ports.ts';
import { extractStage } from './stages/extract.ts';
import { fetchStage } from './stages/fetch.ts';
import { prepareStage } from './stages/prepare.ts';
import { scriptStage } from './stages/script.ts';

const document = layoutDocument({
  title: 'Why Reports Should Be Heard',
  authors: 'Dana Ruiz',
  columns: 2,
  runningHeader: 'Proceedings of Listening 2026',
  noHeaderOnFirstPage: true,
  pageNumbers: true,
  pageLabel: (page, pages) => `Page ${page} of ${pages}`,
  sections: [
    { heading: '1. Reading aloud', paragraphs: [prose(31, 14), prose(32, 12)] },
    { heading: '2. What we found', paragraphs: [prose(33, 16), prose(34, 14)] },
  ],
});

/** The sentence that runs from the last line of one column (or page) into the first of the next. */
function sentenceAcross(change: 'column' | 'page'): string {
  const lines = document.bodyLines;
  const at = lines.findIndex((line, i) => i > 0 && (change === 'page' ? line.page !== lines[i - 1]!.page : line.page === lines[i - 1]!.page && line.column !== lines[i - 1]!.column));
  const junction = `${lines[at - 1]!.text.split(' ').slice(-2).join(' ')} ${lines[at]!.text.split(' ').slice(0, 2).join(' ')}`;
  const sentences = document.spoken.split('\n\n').flatMap((paragraph) => splitSentences(paragraph));
  const across = sentences.find((sentence) => sentence.includes(junction));
  if (!across) throw new Error(`the layout ended a sentence at the ${change}'s foot: ${junction}`);
  return across;
}

it("reads a sentence cut by a column break and one cut by a page break as one sentence each of the episode's script", async () => {
  expect(document.pages).toBeGreaterThanOrEqual(2);
  const ctx = { signal: new AbortController().signal, progress: async () => {} };
  const speech = { name: 'espeak', defaultVoice: 'en-us' } as SpeechEngine;
  const page = (await fetchStage({ fetchPage: () => Promise.reject(new Error('no fetching')) }).run(
    { file: { name: 'report.pdf', bytes: document.pdf, sha256: 'test' }, mode: 'read' },
    ctx,
  )) as Page;
  const article = await extractStage({ extract: async (input) => extractPdf((input as { pdf: Uint8Array }).pdf) }).run(page, ctx);
  const prepared = await prepareStage().run({ ...(article as Article), mode: 'read' }, ctx);
  const source = (await scriptStage({ scriptWriter: createFallbackScriptWriter(), speech }).run(prepared, ctx)) as ScriptSource & { stream: { sentences: AsyncIterable<ScriptSentence>; result: Promise<{ script: string }> } };
  const sentences: string[] = [];
  for await (const sentence of source.stream.sentences) sentences.push(sentence.text);
  const { script } = await source.stream.result;

  for (const across of [sentenceAcross('column'), sentenceAcross('page')]) {
    expect(sentences).toContain(across);
    expect(script).toContain(across);
  }
  expect(script).not.toContain('Proceedings of Listening');
  expect(script).not.toMatch(/Page \d of \d/);
  expect(sentences).toEqual(expect.arrayContaining(['Section 1: Reading aloud.', 'Section 2: What we found.']));
});
