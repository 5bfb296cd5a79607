/**
 * PDF bombs through the server's extractor (its worker threads, limits and watchdog): for each way a
 * bomb hides its filter, the answer, the time to refuse, and the process's memory before, at its
 * peak and once idle again afterwards (sampled every 50 ms).
 *
 *   npm run bench -- pdf-bomb
 */
import { createArticleExtractor } from '../../server/machinery/extract/extractor.ts';
import { bombPdf, type BombDisguise } from '../../server/test/pdf-document.ts';
import { machineNote, table } from './support/report.ts';

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

export default async function run(): Promise<void> {
  console.log(machineNote());
  const extractor = createArticleExtractor();
  const rows: string[][] = [];
  for (const disguise of ['none', 'indirect-filter', 'escaped-name', 'image-subtype', 'long-dictionary'] as BombDisguise[]) {
    const pdf = bombPdf(1 << 30, disguise);
    globalThis.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    const started = performance.now();
    const answer = await extractor.extractPdf(pdf).then(
      () => 'read (!)',
      (error: Error) => error.message.slice(0, 48),
    );
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clearInterval(sampler);
    rows.push([disguise, `${(pdf.length / 1048576).toFixed(1)} MB`, answer, `${Math.round(ms)} ms`, mb(before), mb(peak), mb(process.memoryUsage.rss())]);
  }
  await extractor.close();
  console.log(table(['bomb (1 GiB unpacked)', 'file', 'answer', 'refused in', 'memory before', 'peak', 'idle after'], rows).join('\n'));
}
