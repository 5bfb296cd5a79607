/**
 * PDFs through the API, as the web app and the extension send them: a link to a PDF (served as a
 * download, so only its signature says what it is) and a PDF file in the request. The estimate says
 * how many pages and how long, within 15% of the episode made; read mode speaks the paper's paragraphs in order and none of its running headers;
 * a file Pagecast cannot read is refused with its message, and nothing is made or counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateResponseSchema, podcastListSchema, podcastSchema, type CreatePodcastRequest, type Podcast } from '../../shared/api/podcasts.ts';
import { podcastBody } from '../../shared/client/podcast-body.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { errorBodySchema } from '../../shared/api/error.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { PDF_MESSAGES } from '../../shared/errors.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { startListener, type TestListener } from '../test/listener.ts';
import { layoutDocument, prose, scanPdf, stackedBombPdf } from '../test/pdf-document.ts';
import { waitFor } from '../test/wait.ts';

const paragraphs = [prose(7, 5), prose(8, 4), prose(9, 6), prose(10, 5)];
const paper = layoutDocument({
  title: 'Why Reports Should Be Heard',
  authors: 'Dana Ruiz',
  columns: 2,
  runningHeader: 'Proceedings of Listening 2026',
  pageNumbers: true,
  hyphenate: true,
  sections: [
    { heading: '1 Reading aloud', paragraphs: paragraphs.slice(0, 2) },
    { heading: '2 What we found', paragraphs: paragraphs.slice(2) },
  ],
  references: ['[1] C. Writer. On listening. 2019.'],
});
const pdfFile = (name: string, bytes: Uint8Array) => ({ name, data: new Blob([Buffer.from(bytes)], { type: 'application/pdf' }) });

/** 1 GiB of spaces behind two stacked Flate filters: about 3 KB. */
const bomb = stackedBombPdf('flate-flate', 1 << 30);

describe('PDFs through the API', () => {
  let site: TestListener;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    site = await startListener((req, res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(req.url?.startsWith('/bomb') ? bomb : paper.pdf));
    database = await openTestDatabase('pglite');
    t = createTestApp(database, { config: testConfig({ FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}` }) });
    t.deps.jobs.start();
  });
  afterAll(async () => {
    await t.deps.jobs.stop();
    await database.close();
    await site.close();
  });

  const call = (path: string, body?: unknown) =>
    t.app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { [ANONYMOUS_TOKEN_HEADER]: 'pdf-visitor-browser', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A request as the clients send it: a PDF as a file in a multipart/form-data body. */
  const send = (path: string, request: CreatePodcastRequest) => {
    const body = podcastBody(request);
    return t.app.request(path, {
      method: 'POST',
      headers: { [ANONYMOUS_TOKEN_HEADER]: 'pdf-visitor-browser', ...('body' in body ? { 'Content-Type': 'application/json' } : {}) },
      body: 'form' in body ? body.form : JSON.stringify(body.body),
    });
  };

  /** The spoken text of the podcast a create request made, once it is ready. */
  const spokenOf = async (created: Response): Promise<{ podcast: Podcast; spoken: string; chapters: string[] }> => {
    expect(created.status).toBe(201);
    const { id } = podcastSchema.parse(await created.json());
    const podcast = await waitFor(
      async () => podcastSchema.parse(await (await call(`/api/podcasts/${id}`)).json()),
      (p) => p.status === 'ready' || p.status === 'failed',
    );
    expect(podcast.status).toBe('ready');
    const { cues, chapters } = transcriptSchema.parse(await (await call(`/api/podcasts/${id}/transcript.json`)).json());
    return { podcast, spoken: cues.map((cue) => cue.text).join(' '), chapters: chapters.map((chapter) => chapter.title) };
  };

  const expectThePaper = (spoken: string) => {
    const at = paragraphs.map((paragraph) => spoken.indexOf(paragraph.slice(0, 60)));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(spoken).not.toContain('Proceedings of Listening');
    expect(spoken).not.toContain('On listening');
  };

  it('estimates and reads a link to a PDF, whatever type it is served as', async () => {
    const url = `http://127.0.0.1:${site.port}/files/download?id=7`;
    const estimate = estimateResponseSchema.parse(await (await call('/api/podcasts/estimate', { url, mode: 'read' })).json());
    expect(estimate).toMatchObject({ pages: paper.pages, title: 'Why Reports Should Be Heard', language: 'en' });

    const { podcast, spoken, chapters } = await spokenOf(await call('/api/podcasts', { url, mode: 'read' }));
    expect(podcast).toMatchObject({ title: 'Why Reports Should Be Heard', sourceUrl: url });
    // What the estimate said is what the job made, within 15%.
    expect(Math.abs(podcast.durationSeconds! - estimate.estimatedSeconds) / estimate.estimatedSeconds).toBeLessThanOrEqual(0.15);
    expectThePaper(spoken);
    // Its headings are the episode's chapters.
    expect(chapters).toEqual(expect.arrayContaining(['1 Reading aloud', '2 What we found']));
  });

  it('reads a PDF file sent in the request, named by its title', async () => {
    const file = pdfFile('report-final.pdf', paper.pdf);
    const estimate = estimateResponseSchema.parse(await (await send('/api/podcasts/estimate', { file, mode: 'read' })).json());
    expect(estimate.pages).toBe(paper.pages);

    const { podcast, spoken } = await spokenOf(await send('/api/podcasts', { file, mode: 'read' }));
    expect(podcast).toMatchObject({ title: 'Why Reports Should Be Heard', sourceUrl: null });
    expectThePaper(spoken);
  });

  it('refuses a file it cannot read with its message, making and counting nothing', async () => {
    const before = podcastListSchema.parse(await (await call('/api/podcasts')).json()).podcasts.length;
    const cases: [ReturnType<typeof pdfFile>, number, string][] = [
      [pdfFile('scan.pdf', scanPdf()), 422, PDF_MESSAGES.scan],
      [pdfFile('page.pdf', Buffer.from('<!doctype html><p>Not a PDF at all.</p>')), 422, PDF_MESSAGES.notAPdf],
    ];
    for (const [file, status, message] of cases) {
      const answer = await send('/api/podcasts', { file, mode: 'read' });
      expect(answer.status).toBe(status);
      expect(errorBodySchema.parse(await answer.json()).error.message).toContain(message);
    }
    expect(podcastListSchema.parse(await (await call('/api/podcasts')).json()).podcasts).toHaveLength(before);
    // Two podcasts made above, none counted here: the third of the day is still allowed.
    const third = await send('/api/podcasts', { file: pdfFile('again.pdf', paper.pdf), mode: 'read' });
    expect(third.status).toBe(201);
  });

  it('refuses a PDF bomb behind stacked filters, sent as a file or a link, with its message', async () => {
    const asFile = await send('/api/podcasts/estimate', { file: pdfFile('stacked.pdf', bomb), mode: 'read' });
    const asLink = await call('/api/podcasts/estimate', { url: `http://127.0.0.1:${site.port}/bomb.pdf`, mode: 'read' });
    for (const answer of [asFile, asLink]) {
      expect(answer.status).toBe(422);
      expect(errorBodySchema.parse(await answer.json()).error.message).toBe(PDF_MESSAGES.unpacksTooLarge);
    }
  });
});
