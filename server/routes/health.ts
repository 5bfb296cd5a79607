import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';

export function healthRoutes({ db, dbKind, config }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const started = performance.now();
    await db.execute(sql`select 1`);
    return c.json({
      ok: true,
      version: process.env.npm_package_version ?? null,
      database: dbKind,
      databaseMs: Math.round((performance.now() - started) * 10) / 10,
      billing: config.stripe ? 'stripe' : 'off',
      tts: config.tts.provider,
      scriptWriter: config.openai.apiKey || config.openai.baseUrl ? 'openai' : 'fallback',
    });
  });
}
