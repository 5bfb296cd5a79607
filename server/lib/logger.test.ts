/**
 * What the logger writes carries no secrets and no personal data: read from its output, for fields
 * named like secrets, for secrets inside text, for a query that failed with an e-mail and a password
 * hash among its parameters, and for a request that failed while carrying a session token.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../shared/api/auth.ts';
import { insertUser } from '../repositories/user-repository.ts';
import { createTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { refuseNewAccounts } from '../test/rows.ts';
import { createLogger, type LogSink } from './logger.ts';

/** A logger at debug level whose lines are kept; `text()` is everything it wrote. */
function capture() {
  const lines: string[] = [];
  const sink: LogSink = (line) => lines.push(line);
  return { logger: createLogger('debug', {}, sink), lines, text: () => lines.join(''), entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlc2lnbmF0dXJl';

describe('the logger', () => {
  it('writes no field named like a secret or personal data, and keeps the rest', () => {
    const log = capture();
    log.logger.info('signed in', {
      requestId: 'req-1',
      email: 'ann@example.com',
      password: 'correct horse',
      passwordHash: HASH,
      token: JWT,
      headers: { Authorization: `Bearer ${JWT}`, Cookie: `auth-token=${JWT}`, 'Content-Type': 'application/json' },
      user: { id: 'u1', email: 'ann@example.com', shareToken: 'abc' },
      clientAddress: '203.0.113.9',
      moved: 2,
    });
    const [entry] = log.entries();
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'signed in',
      requestId: 'req-1',
      email: '[redacted]',
      password: '[redacted]',
      passwordHash: '[redacted]',
      token: '[redacted]',
      headers: { Authorization: '[redacted]', Cookie: '[redacted]', 'Content-Type': 'application/json' },
      user: { id: 'u1', email: '[redacted]', shareToken: '[redacted]' },
      clientAddress: '[redacted]',
      moved: 2,
    });
    for (const secret of ['ann@example.com', 'correct horse', '$argon2id$', JWT, '203.0.113.9']) expect(log.text()).not.toContain(secret);
  });

  it.each([
    ['an e-mail', 'no account for ann.lee+news@mail.example.co.uk here', 'no account for [email] here'],
    ['a password hash', `stored ${HASH} for the account`, 'stored [password hash] for the account'],
    ['a session token', `token ${JWT} refused`, 'token [token] refused'],
    ['a bearer header', 'Authorization: Bearer abc.def-123', 'Authorization: Bearer [redacted]'],
    ['a cookie', 'Cookie: auth-token=abc123; theme=dark', 'Cookie: auth-token=[redacted]; theme=dark'],
    ['a signed audio address', 'GET /api/podcasts/p1/audio?t=1700000000.c2ln&x=1', 'GET /api/podcasts/p1/audio?t=[redacted]&x=1'],
    ['a feed address', 'GET /api/feed/AbCdEfGhIjKlMnOpQrStUvWxYz012345/rss.xml', 'GET /api/feed/[secret]/rss.xml'],
    ['an API key', 'Stripe refused sk_live_51HxYzAbC and whsec_abc123', 'Stripe refused [key] and [key]'],
    ['database credentials', 'connect to postgres://pagecast:s3cret@db.internal:5432/pagecast failed', 'connect to postgres://[credentials]@db.internal:5432/pagecast failed'],
  ])('masks %s inside any text', (_name, text, written) => {
    const log = capture();
    log.logger.warn(text, { detail: text });
    expect(log.entries()[0]).toMatchObject({ msg: written, detail: written });
  });

  it('keeps an error diagnosable (name, message, code, stack, cause) without what it carried', () => {
    const log = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_pkey"'), { code: '23505', detail: 'Key (email)=(ann@example.com) already exists.' });
    const failed = Object.assign(
      new Error(`Failed query: insert into "users" ("id", "email", "password_hash") values ($1, $2, $3)\nparams: u1,ann@example.com,${HASH}`),
      { query: 'insert into "users" ...', params: ['u1', 'ann@example.com', HASH], cause },
    );
    log.logger.error('unhandled error', { err: failed });
    const err = log.entries()[0]!.err as Record<string, unknown>;
    expect(err.message).toBe('Failed query: insert into "users" ("id", "email", "password_hash") values ($1, $2, $3)\nparams: [redacted]');
    expect(err.stack).toContain('Failed query: insert into "users"');
    expect(err.stack).toContain('logger.test.ts');
    expect(err.cause).toMatchObject({ message: 'duplicate key value violates unique constraint "users_pkey"', code: '23505' });
    for (const secret of ['ann@example.com', '$argon2id$', 'u1,']) expect(log.text()).not.toContain(secret);
  });

  it('passes its sink and its redaction on to child loggers', () => {
    const log = capture();
    log.logger.child({ email: 'ann@example.com', podcastId: 'p1' }).info('job done');
    expect(log.entries()[0]).toMatchObject({ email: '[redacted]', podcastId: 'p1' });
  });
});

describeEachDatabase('logs of failing database work', (ctx) => {
  it('do not carry the e-mail and password hash of a query that failed', async () => {
    const log = capture();
    const email = `dup-${randomUUID().slice(0, 8)}@example.com`;
    const row = { id: randomUUID(), email, name: 'Ann Lee', passwordHash: HASH, createdAt: new Date() };
    await insertUser(ctx.db, row);
    // The same id again, under another e-mail: the primary key refuses it.
    const err = await insertUser(ctx.db, { ...row, email: `other-${email}` }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain(email.slice(4)); // drizzle's message does carry them
    log.logger.error('could not store the account', { err });
    expect(log.text()).toContain('Failed query: insert into \\"users\\"');
    for (const secret of [email, '$argon2id$', 'Ann Lee']) expect(log.text()).not.toContain(secret);
  });

  it('do not carry the credentials, body or session of a request that failed with a 500', async () => {
    const log = capture();
    const { app } = createTestApp(ctx, { logger: log.logger });
    const register = (email: string) =>
      app.request('/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery', name: 'Ann Lee' }),
      });
    const session = authResponseSchema.parse(await (await register(`first-${randomUUID().slice(0, 8)}@example.com`)).json()).token!;
    await refuseNewAccounts(ctx.db);
    const email = `ann-${randomUUID().slice(0, 8)}@example.com`;
    const res = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session}`, Cookie: `auth-token=${session}` },
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'Ann Lee' }),
    });
    expect(res.status).toBe(500);
    const failure = log.entries().find((e) => e.msg === 'unhandled error');
    expect(failure).toBeDefined();
    expect(log.text()).toContain('the test refuses new accounts');
    for (const secret of [email, 'correct horse battery', '$argon2id$', session, session.split('.')[2]!, 'Ann Lee']) {
      expect(log.text()).not.toContain(secret);
    }
  });
});
