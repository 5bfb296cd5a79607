/** LISTEN/NOTIFY between two connections of a real PostgreSQL: order, and a dropped connection. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createScratchDatabase } from '../test/postgres.ts';
import { openNotifications, type NotificationHandlers } from './notifications.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

describe.skipIf(!inject('postgresUrl'))('PostgreSQL notifications', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl')!);
  });
  afterAll(() => scratch?.drop());

  const handlers = () => ({ message: vi.fn(), reconnected: vi.fn(), error: vi.fn() }) satisfies NotificationHandlers;

  it('carries payloads to another connection in the order they were sent', async () => {
    const heard = handlers();
    const listener = await openNotifications(scratch.url, ['pagecast_test'], heard);
    const sender = await openNotifications(scratch.url, [], handlers());
    try {
      for (let i = 0; i < 50; i++) sender.send('pagecast_test', String(i));
      await vi.waitFor(() => expect(heard.message).toHaveBeenCalledTimes(50), { timeout: SAFETY_NET_MS });
      expect(heard.message.mock.calls.map(([channel, payload]) => `${channel}:${payload}`)).toEqual(
        Array.from({ length: 50 }, (_, i) => `pagecast_test:${i}`),
      );
    } finally {
      await Promise.all([listener.close(), sender.close()]);
    }
  });

  it('listens again after its connection is dropped, and says so', async () => {
    const heard = handlers();
    const listener = await openNotifications(scratch.url, ['pagecast_drop'], heard);
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'",
      );
      await vi.waitFor(() => expect(heard.reconnected).toHaveBeenCalledTimes(1), { timeout: SAFETY_NET_MS });
      await admin.query("SELECT pg_notify('pagecast_drop', 'after')");
      await vi.waitFor(() => expect(heard.message).toHaveBeenCalledWith('pagecast_drop', 'after'), { timeout: SAFETY_NET_MS });
    } finally {
      await admin.end();
      await listener.close();
    }
  });
});
