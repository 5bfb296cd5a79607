/**
 * A code-heavy page in read mode, through the API: most of the tutorial's words are code, yet what is
 * spoken is its prose, each code block announced once (about 10% of the spoken words at most) and
 * none of the code; the transcript still shows each block, on the cue that announces it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { startArticlePages, type ArticlePages } from '../test/article-pages.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { waitFor } from '../test/wait.ts';

let pages: ArticlePages;
beforeAll(async () => {
  pages = await startArticlePages();
});
afterAll(() => pages.close());

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

describeEachDatabase('read mode on a code-heavy article', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    t = createTestApp(ctx, { config: testConfig({ FETCH_ALLOW_HOSTS: pages.host }) });
    t.deps.jobs.start();
  });
  afterAll(() => t.deps.jobs.stop());

  const browser = `read-code-${ctx.kind}`;
  const call = (path: string, init: RequestInit = {}) =>
    t.app.request(path, { ...init, headers: { [ANONYMOUS_TOKEN_HEADER]: browser, ...(init.body ? { 'Content-Type': 'application/json' } : {}) } });

  /** The cues of the podcast a create request made, once it is ready. */
  const madeCues = async (created: Response) => {
    expect(created.status).toBe(201);
    const { id } = podcastSchema.parse(await created.json());
    const done = await waitFor(
      async (): Promise<Podcast> => podcastSchema.parse(await (await call(`/api/podcasts/${id}`)).json()),
      (p) => p.status === 'ready' || p.status === 'failed',
    );
    expect(done.status).toBe('ready');
    return { id, cues: transcriptSchema.parse(await (await call(`/api/podcasts/${id}/transcript.json`)).json()).cues };
  };

  it('announces the code of a page the extension read, by the line kinds it sends', async () => {
    const text = [
      'Connecting to the database',
      'Open a pool once and reuse it for every request.',
      'const pool = new Pool({ connectionString });',
      'const rows = await pool.query(sql);',
      'if (rows.length === 0) return null;',
      'The pool closes its connections when the server stops.',
    ].join('\n');
    const send = (lines: string) =>
      call('/api/podcasts', { method: 'POST', body: JSON.stringify({ title: 'Pools', text, sourceUrl: 'https://example.com/pools', mode: 'read', lines }) });
    const refused = await send('hpXXXp');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('lines holds one lower-case letter a line');

    const { cues } = await madeCues(await send('hpxxxp'));
    const spoken = cues.map((cue) => cue.text).join(' ');
    expect(spoken).toContain('A code example of 3 lines follows in the article.');
    expect(spoken).not.toMatch(/pool\.query|===/);
    expect(spoken).toContain('The pool closes its connections when the server stops.');
  });

  it('announces each code block instead of reading it, and shows it in the transcript', async () => {
    const { id, cues } = await madeCues(await call('/api/podcasts', { method: 'POST', body: JSON.stringify({ url: `${pages.url}/tutorial`, mode: 'read' }) }));

    const announcements = cues.filter((cue) => cue.shown);
    expect(announcements.map((cue) => cue.text)).toEqual(Array(2).fill('A code example of 26 lines follows in the article.'));
    const spoken = cues.map((cue) => cue.text).join(' ');
    const share = announcements.reduce((sum, cue) => sum + words(cue.text), 0) / words(spoken);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(0.1);
    // None of the code is spoken; short code inside a sentence is.
    expect(spoken).not.toMatch(/instanceof|pool\.query|SELECT|===/);
    expect(spoken).toContain('Run npm install pg first, then open server.js in your editor.');
    expect(spoken).toContain('The full text index below lets the database jump straight to the rows that hold the words');
    // The transcript shows every block whole, where it stood.
    for (const cue of announcements) {
      expect(cue.shown!.split('\n')).toHaveLength(26);
      expect(cue.shown).toContain("const result0 = await pool.query('SELECT id, title FROM bookmarks WHERE owner = $1 LIMIT 1', [owner]);");
    }
    const text = await (await call(`/api/podcasts/${id}/transcript.txt`)).text();
    expect(text).toContain('if (!(result3 instanceof Response) && result3.rows.length === 0) return null;');
  });
});
