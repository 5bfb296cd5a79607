/**
 * The length limit through the API: a source past the plan's minutes is refused by the estimate and
 * by Create with the same message, and Create queues nothing and counts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastListSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { prose } from '../test/pdf-document.ts';

describe('the episode length limit', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    t = createTestApp(database, { config: testConfig({ MAX_EPISODE_MINUTES: '2', ANONYMOUS_DAILY_PODCASTS: '1' }) });
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (path: string, body: unknown) =>
    t.app.request(path, {
      method: 'POST',
      headers: { [ANONYMOUS_TOKEN_HEADER]: 'length-visitor-browser', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const long = { title: 'A long read', text: Array.from({ length: 12 }, (_, i) => prose(i + 1, 12)).join('\n'), sourceUrl: 'https://example.com/long', mode: 'read' };

  it('refuses a text past the limit in the estimate and at Create, with the limit in the message, and makes nothing', async () => {
    const estimate = await post('/api/podcasts/estimate', long);
    expect(estimate.status).toBe(422);
    const { error } = (await estimate.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('EPISODE_TOO_LONG');
    expect(error.message).toMatch(/^This episode would run about \d+ minutes: Pagecast makes episodes of up to 2 minutes\. To hear it, make it from a shorter part of the text\.$/);

    const created = await post('/api/podcasts', long);
    expect(created.status).toBe(422);
    expect(((await created.json()) as { error: { message: string } }).error.message).toBe(error.message);
    const list = podcastListSchema.parse(await (await t.app.request('/api/podcasts', { headers: { [ANONYMOUS_TOKEN_HEADER]: 'length-visitor-browser' } })).json());
    expect(list.podcasts).toHaveLength(0);
    // The day's one podcast was given back: a short text is made.
    expect((await post('/api/podcasts', { ...long, text: prose(1, 3) })).status).toBe(201);
  });
});
