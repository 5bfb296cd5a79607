import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { pingDatabase } from '../db/ping.ts';

/** The server's state for monitors: the database answers, and which providers are configured. */
export async function checkHealth(deps: { db: Database; dbKind: 'pglite' | 'postgres'; config: Config }) {
  const started = performance.now();
  await pingDatabase(deps.db);
  const { config } = deps;
  return {
    ok: true,
    version: process.env.npm_package_version ?? null,
    database: deps.dbKind,
    databaseMs: Math.round((performance.now() - started) * 10) / 10,
    billing: config.stripe ? 'stripe' : 'off',
    tts: config.tts.provider,
    scriptWriter: config.openai.apiKey || config.openai.baseUrl ? 'openai' : 'fallback',
  };
}
