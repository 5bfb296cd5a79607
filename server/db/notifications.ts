/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection per process: what carries podcast changes
 * from the process that runs a job to the web processes whose clients follow it, and wakes workers
 * when a job is queued. The connection is reopened after a drop (with `reconnected` called, since
 * notifications sent meanwhile are lost); sends go out in order on the same connection.
 */
import pg from 'pg';

export interface NotificationHandlers {
  message(channel: string, payload: string): void;
  /** The connection was lost and is back: anything sent meanwhile was missed. */
  reconnected(): void;
  error(err: unknown): void;
}

export interface Notifications {
  /** Sends after every earlier send (one connection, in order); failures go to `error`. */
  send(channel: string, payload: string): void;
  close(): Promise<void>;
}

const RECONNECT_MS = [200, 500, 1000, 2000, 5000];

export async function openNotifications(url: string, channels: string[], handlers: NotificationHandlers): Promise<Notifications> {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let queue: Promise<unknown> = Promise.resolve();

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.payload !== undefined) handlers.message(n.channel, n.payload);
    });
    next.on('error', (err) => {
      handlers.error(err);
      if (client === next) dropped();
    });
    next.on('end', () => {
      if (client === next) dropped();
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function dropped() {
    const gone = client;
    client = null;
    void gone?.end().catch(() => {});
    if (!closed) void reconnect();
  }

  async function reconnect() {
    while (!closed && !client) {
      await new Promise((r) => setTimeout(r, RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]));
      if (closed) return;
      try {
        await connect();
        failures = 0;
        handlers.reconnected();
      } catch (err) {
        failures++;
        handlers.error(err);
      }
    }
  }

  await connect();
  return {
    send(channel, payload) {
      queue = queue.then(async () => {
        if (!client) throw new Error('the notification connection is down');
        await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
      }).catch((err) => handlers.error(err));
    },
    async close() {
      closed = true;
      await queue;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
