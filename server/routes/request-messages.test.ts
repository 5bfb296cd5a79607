/** What a person reads when a request is wrong: the field in words, never the schema's own terms; titles free of control characters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createTestApp } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { prose } from '../test/pdf-document.ts';

describe('request messages and titles', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database.close();
  });
  const send = (method: string, path: string, body: unknown) =>
    t.app.request(path, {
      method,
      headers: { [ANONYMOUS_TOKEN_HEADER]: 'messages-visitor-browser', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
  const text = { title: 'A title', text: prose(2, 3), sourceUrl: 'https://example.com/a', mode: 'read' };

  it('says a title is too long in words, and a file without a name plainly', async () => {
    const long = await send('POST', '/api/podcasts/estimate', { ...text, title: 'x'.repeat(301) });
    expect(long.status).toBe(400);
    expect(await messageOf(long)).toBe('The title is too long: at most 300 characters.');
    const nameless = await send('POST', '/api/podcasts/estimate', { file: { data: 'JVBERi0=' } });
    expect(nameless.status).toBe(400);
    expect(await messageOf(nameless)).not.toMatch(/file\.name|expected|Too big/);
  });

  it('drops control characters and bidi overrides from titles, given or renamed', async () => {
    const created = await send('POST', '/api/podcasts', { ...text, title: 'Photo\u202Egnp.exe\u0001 album' });
    expect(created.status).toBe(201);
    const podcast = podcastSchema.parse(await created.json());
    expect(podcast.title).toBe('Photo gnp.exe album');
    const renamed = podcastSchema.parse(await (await send('PATCH', `/api/podcasts/${podcast.id}`, { title: '\u202Dnew\u0007 name\u2066' })).json());
    expect(renamed.title).toBe('new name');
  });
});
