import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { openDatabase } from './client.ts';
import { podcasts, users } from './schema.ts';

describeEachDatabase('database', (ctx) => {
  it('has every table of the schema after migrating', async () => {
    const result = await ctx.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining(['bookmarks', 'jobs', 'podcasts', 'rate_limits', 'sessions', 'settings', 'stripe_events', 'users']),
    );
  });

  it('stores and reads back a user with a podcast, and cascades the delete', async () => {
    await ctx.db.insert(users).values({ id: 'u1', email: 'a@example.com', passwordHash: 'h' });
    await ctx.db.insert(podcasts).values({ id: 'p1', userId: 'u1', title: 'T' });
    const [row] = await ctx.db.select().from(podcasts).where(eq(podcasts.id, 'p1'));
    expect(row).toMatchObject({ title: 'T', progress: 0, status: 'queued', content: '' });
    await ctx.db.delete(users).where(eq(users.id, 'u1'));
    expect(await ctx.db.select().from(podcasts)).toHaveLength(0);
  });

  it('refuses a second account with the same e-mail', async () => {
    await ctx.db.insert(users).values({ id: 'u2', email: 'b@example.com', passwordHash: 'h' });
    await expect(ctx.db.insert(users).values({ id: 'u3', email: 'b@example.com', passwordHash: 'h' })).rejects.toThrow();
  });
});

describe('the embedded database on disk', () => {
  it('is created and migrated in a fresh folder, and found with its rows at the next start', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-db-')), 'db');
    try {
      const first = await openDatabase({ dataDir });
      await first.db.insert(users).values({ id: 'u1', email: 'kept@example.com', passwordHash: 'h' });
      await first.close();
      const again = await openDatabase({ dataDir });
      expect((await again.db.select().from(users)).map((u) => u.email)).toEqual(['kept@example.com']);
      await again.close();
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
