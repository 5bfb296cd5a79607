/**
 * A job's close and its podcast's final state land in one transaction: a fault between the two (a
 * trigger in the database refuses the job's close once) leaves a podcast still being made under a job
 * that will run again, never a podcast that looks ready under a live job; the next run finishes both.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { jobs } from '../db/schema.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { createTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { podcastById } from '../test/rows.ts';
import { podcastClient } from '../test/voices.ts';
import { createJobs } from '../wiring.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const article = {
  title: 'Tides',
  text: 'The tide turns twice a day.\nFishermen read it in the colour of the water.',
  sourceUrl: 'https://example.com/tides',
};

describeEachDatabase('closing a job', (ctx) => {
  it('writes the podcast ready and the job done together, or neither', async () => {
    await ctx.db.execute(sql.raw('CREATE SEQUENCE close_faults'));
    await ctx.db.execute(sql.raw(`
      CREATE FUNCTION refuse_first_close() RETURNS trigger AS $$
      BEGIN
        IF NEW.status = 'done' AND nextval('close_faults') = 1 THEN
          RAISE EXCEPTION 'injected fault between the podcast and its job';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`));
    await ctx.db.execute(sql.raw('CREATE TRIGGER refuse_first_close BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_first_close()'));
    const t = createTestApp(ctx, { speech: espeak });
    // A retry waits an hour, so the state the fault left can be read before anything else happens.
    const runner = createJobs(t.deps, { pollMs: 50, backoffBaseMs: 3_600_000 });
    runner.start();
    try {
      const { create, waitFor } = podcastClient(t, article);
      const who = `close-${ctx.kind}-${Date.now()}`;
      const { id } = await create(who);
      const jobOf = async () => (await ctx.db.select().from(jobs).where(eq(jobs.podcastId, id)))[0]!;

      await expect.poll(async () => (await jobOf()).lastError, { timeout: SAFETY_NET_MS, interval: 50 }).toBe('closing the job failed');
      const job = await jobOf();
      expect(job.status).toBe('queued');
      const podcast = await podcastById(ctx.db, id);
      expect(podcast!.status).toBe('speaking');
      expect(podcast!.madeMs).toBeGreaterThan(0); // its audio is kept, for the next run

      await ctx.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.id, job.id));
      runner.nudge();
      const ready = await waitFor(id, who, (p) => p.status === 'ready');
      expect(ready.durationSeconds).toBeGreaterThan(1);
      const closed = await jobOf();
      expect(closed.status).toBe('done');
      expect(closed.attempts).toBe(2);
    } finally {
      await runner.stop();
      for (const drop of ['DROP TRIGGER refuse_first_close ON jobs', 'DROP FUNCTION refuse_first_close()', 'DROP SEQUENCE close_faults']) {
        await ctx.db.execute(sql.raw(drop));
      }
    }
  });
});
