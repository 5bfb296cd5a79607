/**
 * The longest event-loop stall while the server reads what round four's attacks sent, through the
 * server's extractor (its worker threads): a followed feed of 60,000 items (about 1.9 MB), and PDF
 * bombs of 1 GiB behind stacked filters. For each: the answer, its time, and the longest stall of the
 * main thread meanwhile (a 5 ms timer's worst lateness).
 *
 *   npm run bench -- attack-stalls
 */
import { createArticleExtractor } from '../../server/machinery/extract/extractor.ts';
import { stackedBombPdf, type StackedBomb } from '../../server/test/pdf-document.ts';
import { machineNote, table } from './support/report.ts';

/** Runs `work`, answering what it gave and the main thread's longest stall meanwhile. */
async function stallOf(work: () => Promise<string>): Promise<{ answer: string; ms: number; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  const answer = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  return { answer, ms, stallMs };
}

export default async function run(): Promise<void> {
  console.log(machineNote());
  const extractor = createArticleExtractor();
  const rows: string[][] = [];
  const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>${Array.from({ length: 60_000 }, (_, i) => `<item><guid>b${60_000 - i}</guid></item>`).join('')}</channel></rss>`;
  await extractor.readFeed('<rss version="2.0"><channel><title>warm</title></channel></rss>', 'https://feed.example/');
  const read = await stallOf(async () => `${(await extractor.readFeed(feed, 'https://feed.example/')).items.length} items kept`);
  rows.push([`feed of 60,000 items (${(feed.length / 1048576).toFixed(1)} MB)`, read.answer, `${Math.round(read.ms)} ms`, `${Math.round(read.stallMs)} ms`]);
  for (const kind of ['flate-flate', 'flate-runlength', 'flate-lzw'] as StackedBomb[]) {
    const pdf = stackedBombPdf(kind, 1 << 30);
    const bomb = await stallOf(() => extractor.extractPdf(pdf).then(() => 'read (!)', (error: Error) => error.message.slice(0, 40)));
    rows.push([`PDF bomb ${kind} (${(pdf.length / 1024).toFixed(1)} KB)`, bomb.answer, `${Math.round(bomb.ms)} ms`, `${Math.round(bomb.stallMs)} ms`]);
  }
  await extractor.close();
  console.log(table(['what was read', 'answer', 'took', 'longest stall'], rows).join('\n'));
}
