import { beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { QUEUE_MESSAGES, queueSchema } from '../../shared/api/listening.ts';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/app.ts';
import { insertPodcasts, userByEmail } from '../test/rows.ts';

describeEachDatabase('listening: played and the queue', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let me: string;
  let other: string;
  const ids = { a: `a-${ctx.kind}`, b: `b-${ctx.kind}`, c: `c-${ctx.kind}`, theirs: `t-${ctx.kind}`, anon: `n-${ctx.kind}` };
  const browser = `listening-browser-${ctx.kind}-0001`;

  const call = (path: string, init: RequestInit & { token?: string; as?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (init.as) headers.set(ANONYMOUS_TOKEN_HEADER, init.as);
    if (init.body) headers.set('Content-Type', 'application/json');
    return t.app.request(path, { ...init, headers });
  };
  const register = async (email: string) => {
    const res = await call('/api/auth/register', { method: 'POST', body: JSON.stringify({ email, password: 'secret123' }) });
    return ((await res.json()) as { token: string }).token;
  };
  const putQueue = (podcastIds: unknown, token = me) =>
    call('/api/queue', { method: 'PUT', token, body: JSON.stringify({ podcastIds }) });
  const queue = async (token = me) => queueSchema.parse(await (await call('/api/queue', { token })).json()).podcastIds;
  const errorOf = async (res: Response) => errorBodySchema.parse(await res.json()).error;

  beforeAll(async () => {
    t = createTestApp(ctx);
    me = await register(`listener-${ctx.kind}@example.com`);
    other = await register(`other-listener-${ctx.kind}@example.com`);
    const mine = (await userByEmail(ctx.db, `listener-${ctx.kind}@example.com`))!.id;
    const theirs = (await userByEmail(ctx.db, `other-listener-${ctx.kind}@example.com`))!.id;
    const row = (id: string, owner: { userId?: string; anonymousToken?: string }) => ({ id, title: id, status: 'ready', ...owner });
    await insertPodcasts(ctx.db, [
      row(ids.a, { userId: mine }),
      row(ids.b, { userId: mine }),
      row(ids.c, { userId: mine }),
      row(ids.theirs, { userId: theirs }),
      row(ids.anon, { anonymousToken: browser }),
    ]);
  });

  it('marks a podcast played and unplayed, for its owner only', async () => {
    const before = podcastSchema.parse(await (await call(`/api/podcasts/${ids.a}`, { token: me })).json());
    expect(before.playedAt).toBeNull();

    const played = await call(`/api/podcasts/${ids.a}/played`, { method: 'POST', token: me });
    expect(played.status).toBe(200);
    const playedAt = podcastSchema.parse(await played.json()).playedAt;
    expect(Date.parse(playedAt!)).not.toBeNaN();
    // Listed and read back with it; marking again keeps the first time.
    const again = podcastSchema.parse(await (await call(`/api/podcasts/${ids.a}/played`, { method: 'POST', token: me })).json());
    expect(again.playedAt).toBe(playedAt);
    const list = (await (await call('/api/podcasts', { token: me })).json()) as { podcasts: unknown[] };
    expect(list.podcasts.map((p) => podcastSchema.parse(p)).find((p) => p.id === ids.a)?.playedAt).toBe(playedAt);

    const unplayed = await call(`/api/podcasts/${ids.a}/played`, { method: 'DELETE', token: me });
    expect(podcastSchema.parse(await unplayed.json()).playedAt).toBeNull();

    // Someone else's podcast is not found, and stays as it was.
    const refused = await call(`/api/podcasts/${ids.theirs}/played`, { method: 'POST', token: me });
    expect(refused.status).toBe(404);
    const theirs = podcastSchema.parse(await (await call(`/api/podcasts/${ids.theirs}`, { token: other })).json());
    expect(theirs.playedAt).toBeNull();

    // An anonymous listener marks their own podcasts.
    const anonymous = await call(`/api/podcasts/${ids.anon}/played`, { method: 'POST', as: browser });
    expect(podcastSchema.parse(await anonymous.json()).playedAt).not.toBeNull();
    expect((await call(`/api/podcasts/${ids.anon}/played`, { method: 'POST' })).status).toBe(401);
  });

  it('keeps a member’s queue in order, refuses what is not theirs, and drops deleted podcasts', async () => {
    expect(await queue()).toEqual([]);
    const put = await putQueue([ids.c, ids.a]);
    expect(put.status).toBe(200);
    expect(queueSchema.parse(await put.json()).podcastIds).toEqual([ids.c, ids.a]);
    expect(await queue()).toEqual([ids.c, ids.a]);
    expect(await queue(other)).toEqual([]);

    // Reordered whole.
    await putQueue([ids.a, ids.b, ids.c]);
    expect(await queue()).toEqual([ids.a, ids.b, ids.c]);

    // Refusals change nothing.
    for (const [body, message] of [
      [[ids.a, ids.theirs], QUEUE_MESSAGES.unknown],
      [[ids.a, 'no-such-podcast'], QUEUE_MESSAGES.unknown],
      [[ids.anon], QUEUE_MESSAGES.unknown],
      [[ids.a, ids.a], QUEUE_MESSAGES.duplicate],
      ['not a list', QUEUE_MESSAGES.notAList],
    ] as const) {
      const res = await putQueue(body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(await queue()).toEqual([ids.a, ids.b, ids.c]);

    // A deleted podcast leaves the queue.
    expect((await call(`/api/podcasts/${ids.b}`, { method: 'DELETE', token: me })).status).toBe(200);
    expect(await queue()).toEqual([ids.a, ids.c]);

    await putQueue([]);
    expect(await queue()).toEqual([]);
  });

  it('keeps the queue for signed-in members only', async () => {
    expect((await call('/api/queue', { as: browser })).status).toBe(401);
    const res = await call('/api/queue', { method: 'PUT', as: browser, body: JSON.stringify({ podcastIds: [ids.anon] }) });
    expect(res.status).toBe(401);
  });
});
