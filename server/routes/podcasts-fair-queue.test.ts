/**
 * Conversions shared fairly between members, over the real app and job runner (JOB_CONCURRENCY's
 * default of two slots): one member's podcasts queued first do not keep another member's waiting
 * behind all of them. The busy member's podcasts are long by the test's say: the voice speaks each
 * only once the test lets it through, so they hold their slots exactly as long as the test needs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { voiceLike } from '../test/voices.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const BUSY_PODCASTS = 8;

/** The busy member's parts are named by words the voice receives as written (digits become words). */
const PARTS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];

/** Part `n` of the busy member's series: every sentence names its part, so the voice can hold it. */
const heldArticle = (n: number) => ({
  title: `The River Crossing, part ${PARTS[n - 1]}`,
  text: [
    `Part ${PARTS[n - 1]} tells how the council discussed the proposal for a new bridge across the river.`,
    `Part ${PARTS[n - 1]} also tells how the engineers explained what the old crossing had cost.`,
  ].join('\n'),
  sourceUrl: `https://example.com/river-${n}`,
});

const shortArticle = {
  title: 'Bees and the Colour Blue',
  text: 'Bees see blue better than any other colour.\nGardeners who plant lavender see more bees by noon.',
  sourceUrl: 'https://example.com/bees',
};

// One embedded voice for both databases, loaded before the tests.
const espeak = createEspeakEngine();
beforeAll(() => espeak.warmUp?.());
afterAll(() => espeak.close());

describeEachDatabase('conversions shared between members', (ctx) => {
  /** Part `n`'s sentences are spoken once its gate is opened. */
  const gates = new Map<number, { opened: Promise<void>; open: () => void }>();
  const gate = (n: number) => {
    if (!gates.has(n)) {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      gates.set(n, { opened, open });
    }
    return gates.get(n)!;
  };
  const speech = voiceLike(espeak, async function* (text, options) {
    const part = /^Part (\w+)/.exec(text)?.[1];
    if (part && PARTS.includes(part)) await gate(PARTS.indexOf(part) + 1).opened;
    yield* espeak.synthesize(text, options);
  });
  let t: ReturnType<typeof createTestApp>;

  beforeAll(() => {
    t = createTestApp(ctx, { config: testConfig(), speech });
    t.deps.jobs.start();
  });
  afterAll(async () => {
    for (let n = 1; n <= BUSY_PODCASTS; n++) gate(n).open();
    await t.deps.jobs.stop();
  });

  const call = (path: string, token: string, body?: unknown) =>
    t.app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const register = async (name: string) => {
    const res = await t.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `${name}-${ctx.kind}-${Date.now()}@example.com`, password: 'secret123' }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  };
  const create = async (token: string, body: unknown) => {
    const res = await call('/api/podcasts', token, body);
    expect(res.status).toBe(201);
    return podcastSchema.parse(await res.json()).id;
  };
  const read = async (token: string, id: string): Promise<Podcast> => podcastSchema.parse(await (await call(`/api/podcasts/${id}`, token)).json());
  const statuses = (token: string, ids: string[]) => Promise.all(ids.map(async (id) => (await read(token, id)).status));

  it("makes another member's podcast at once, before the rest of one member's eight", async () => {
    const busy = await register('busy');
    const other = await register('other');
    const series: string[] = [];
    for (let n = 1; n <= BUSY_PODCASTS; n++) series.push(await create(busy, heldArticle(n)));
    // Both job slots hold the busy member's first two podcasts when the other member asks.
    await expect.poll(async () => (await statuses(busy, series)).filter((s) => s !== 'queued').length, { timeout: SAFETY_NET_MS }).toBe(2);
    const mine = await create(other, shortArticle);

    gate(1).open();
    await expect.poll(async () => (await read(other, mine)).status, { timeout: SAFETY_NET_MS, interval: 100 }).toBe('ready');
    const after = await statuses(busy, series);
    // A busy part gave its slot up at its first stored segment (its title), even while stuck mid-segment;
    // the slots took the other member's podcast next, then at most two more parts, besides the busy
    // member's newest (part 8, the one they would hear next), which may have taken one: 5 to 7 still wait.
    expect(after.slice(4, BUSY_PODCASTS - 1), after.join(' ')).toEqual(Array(BUSY_PODCASTS - 5).fill('queued'));
  });
});
